// A fix in the Broken links screen changes the link a finding names and never the same text in a
// code span on its line (issue 21, item 2): remove, previewed then written, on a wiki of its own.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

const LINE = '`[[Example|Custom name]]` appears as [[Example|Custom name]]';
let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('fix-code-span', (wiki) => fs.writeFileSync(path.join(wiki, 'guide.md'), `# Guide\n\n${LINE}\n`));
});

test.afterAll(async () => {
  await own?.close();
});

test('removing a link leaves the same text in a code span alone', async ({ page }) => {
  const guide = path.join(own.wiki, 'guide.md');
  await page.goto(`${own.cairn.url}#/links`);
  const example = page.getByRole('region', { name: 'Missing Example' });
  await expect(example).toContainText('guide.md:3');
  await example.getByRole('button', { name: 'Remove link' }).click();
  const preview = page.getByRole('dialog', { name: 'Change preview' });
  await expect(preview.locator('tr.del')).toHaveText(/`\[\[Example\|Custom name\]\]` appears as \[\[Example\|Custom name\]\]$/);
  await expect(preview.locator('tr.ins')).toHaveText(/`\[\[Example\|Custom name\]\]` appears as Custom name$/);
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(example).toHaveCount(0);
  expect(fs.readFileSync(guide, 'utf8')).toBe('# Guide\n\n`[[Example|Custom name]]` appears as Custom name\n');
});
