// Stale pages and the audit log, in Chromium over a copy of the demo wiki (these tests change files):
// mark a stale page reviewed, archive another (each confirmed first), and see the files, the list and
// the log follow.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('curation');
});

test.afterAll(async () => {
  await own?.close();
});

test('mark a stale page reviewed and archive another; the files, the list and the audit log follow', async ({ page }, testInfo) => {
  const indexFile = path.join(own.wiki, 'global', 'index.md');
  const before = fs.readFileSync(indexFile, 'utf8');
  await page.goto(`${own.cairn.url}#/stale`);
  const table = page.getByRole('table', { name: 'Stale pages' });
  const indexRow = table.locator('tr[data-key="index"]');
  await expect(indexRow).toContainText('not reviewed');
  // the side panel: the selected page, where its file is, what changed in its sources
  await page.getByRole('button', { name: 'What changed for index', exact: true }).click();
  const detail = page.getByRole('complementary', { name: 'Stale page index', exact: true });
  await expect(indexRow).toHaveAttribute('aria-selected', 'true');
  await expect(detail.getByRole('textbox', { name: 'Absolute path' })).toHaveValue(indexFile);
  await expect(detail).toContainText('What changed in its sources');
  await screenshot(page, testInfo, 'stale', 'stale.png');

  await page.getByRole('button', { name: 'Mark index reviewed' }).click();
  // asked first, like every write, with the line it writes
  await expect(page.getByRole('dialog')).toContainText('reviewed:');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(indexRow.getByText('not reviewed', { exact: true })).toHaveCount(0);
  const today = new Date();
  const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const after = fs.readFileSync(indexFile, 'utf8');
  expect(after).toContain(`reviewed: ${date}`);
  // nothing else in the file changed
  expect(after.split('\n').filter((l) => !l.startsWith('reviewed:'))).toEqual(before.split('\n').filter((l) => !l.startsWith('reviewed:')));

  const row = table.locator('tr[data-key="linking-pages"]');
  await expect(row).toBeVisible();
  await row.click();
  await page.getByRole('button', { name: 'Archive linking-pages' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(row).toHaveCount(0);
  expect(fs.readFileSync(path.join(own.wiki, 'global', 'guides', 'linking-pages.md'), 'utf8')).toMatch(/archived_since: \d{4}-\d{2}-\d{2}/);

  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.locator('tbody tr')).toHaveCount(2);
  await expect(log.locator('tbody tr').first()).toContainText('archive');
  await expect(log.locator('tbody tr').nth(1)).toContainText('review');
  await expect(log.locator('tbody tr').first()).toContainText('person (app)');
  await screenshot(page, testInfo, 'audit', 'audit.png');
});
