// A page deleted on disk: the next re-index says which links it broke. Its own `cairn serve` over a
// copy of the demo wiki, since this test changes the files.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('broke');
});

test.afterAll(async () => {
  await own?.close();
});

test('after a page is deleted, the status screen lists the links that re-index broke', async ({ page }, testInfo) => {
  await page.goto(`${own.cairn.url}#/status`);
  await expect(page.getByRole('list', { name: 'Index counts' }).locator('[data-count="pages"] .count-value')).toHaveText('35');
  await expect(page.getByRole('note', { name: 'Links this run broke' })).toHaveCount(0);

  fs.rmSync(path.join(own.wiki, 'global', 'reference', 'fusion.md'));
  await page.getByRole('button', { name: 'Re-index' }).click();
  const note = page.getByRole('note', { name: 'Links this run broke' });
  await expect(note).toContainText(/This run broke \d+ links? that resolved before/);
  await expect(note.locator('li').first()).toContainText('fusion');
  await expect(page.getByRole('list', { name: 'Index counts' }).locator('[data-count="pages"] .count-value')).toHaveText('34');
  await screenshot(page, testInfo, 'status-broken-by-run');
});
