// What a newcomer from Obsidian sees: `^block-id` markers hidden, callouts drawn as callouts, and the
// problems of an index lined up in their table. Its own `cairn serve` over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('obsidian', (wiki) => {
    fs.mkdirSync(path.join(wiki, 'sub'));
    fs.writeFileSync(
      path.join(wiki, 'notes.md'),
      '# Notes\n\nAn important finding. ^key-finding\n\n- a step ^step-1\n\n> [!warning] Mind the cache\n> It goes stale.\n\n> A plain quote.\n\n`code ^kept`\n',
    );
    fs.writeFileSync(path.join(wiki, 'other.md'), '# Other\n[[notes#^key-finding]]\n');
    fs.writeFileSync(path.join(wiki, 'sub', 'notes.md'), '# Duplicate key\n'); // a warning for the problems table
    fs.copyFileSync(path.join(ROOT, 'build', 'electron', 'icon.png'), path.join(wiki, 'sub', 'logo.png'));
    fs.writeFileSync(path.join(wiki, 'sub', 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>window.parent.pwned = 1</script><rect width="40" height="20" fill="red"/></svg>');
    fs.writeFileSync(path.join(wiki, 'pictures.md'), '# Pictures\n\n![[logo.png]]\n\n![a drawing](sub/drawing.svg)\n\n![[gone.png]]\n');
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('block ids are hidden but kept on their block; callouts are callouts', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/notes`);
  const body = page.locator('div.markdown');
  await expect(page.getByText('An important finding.')).toBeVisible();
  await expect(page.locator('[data-block-id="key-finding"]')).toHaveText('An important finding.');
  await expect(page.locator('[data-block-id="step-1"]')).toHaveText('a step');
  await expect(body).not.toContainText('^key-finding');
  await expect(page.locator('code', { hasText: '^kept' })).toBeVisible();
  const callout = page.locator('blockquote.callout-warning');
  await expect(callout.locator('.callout-title')).toHaveText('Mind the cache');
  await expect(callout).toContainText('It goes stale.');
  await expect(callout).not.toContainText('[!warning]');
  await expect(page.locator('blockquote:not(.callout)')).toHaveText('A plain quote.');
});

test('the problems of a run line up in their table', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/status`);
  const row = page.getByRole('region', { name: 'Problems' }).locator('tbody tr').first();
  await expect(row).toContainText('duplicate key "notes"');
  await expect(row).toHaveCSS('display', 'table-row');
  const cells = row.locator('td');
  await expect(cells).toHaveCount(3);
  const [severity, file] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(severity!.y).toBe(file!.y);
  expect(file!.x).toBeGreaterThan(severity!.x + severity!.width - 1);
});

test('embedded images are drawn from the wiki, an SVG without running its script; a missing one says so', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/pictures`);
  const logo = page.locator('img.attachment-image[data-attachment-path="sub/logo.png"]');
  await expect(logo).toHaveJSProperty('complete', true);
  await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const drawing = page.getByRole('img', { name: 'a drawing' });
  await expect.poll(() => drawing.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(40);
  expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
  await expect(page.locator('div.markdown .broken').filter({ hasText: 'gone.png' })).toBeVisible();
});
