// What a newcomer from Obsidian sees: `^block-id` markers hidden, callouts drawn as callouts, and the
// problems of an index lined up in their table. Its own `cairn serve` over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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
