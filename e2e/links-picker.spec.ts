// Retargeting a broken link that Cairn has no suggestion for: a page picker, searched by typing part
// of another page's title, then the same preview and undo as every fix, byte-exact.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const NOTES = '---\ntitle: Notes\n---\n# Notes\n\nSee [[Zebra crossing plan]] for details.  \r\nKeep this line as it is.\n';

test.beforeAll(async () => {
  own = await ownServer('links-picker', (wiki) => {
    fs.writeFileSync(path.join(wiki, 'notes.md'), NOTES);
    fs.writeFileSync(path.join(wiki, 'garden-planning.md'), '---\ntitle: Garden planning\n---\n# Garden planning\n\nBeds and paths.\n');
    fs.writeFileSync(path.join(wiki, 'kitchen.md'), '---\ntitle: Kitchen\n---\n# Kitchen\n\nPots.\n');
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('retarget a link nothing resembles to a page picked by typing part of its title, then undo', async ({ page }) => {
  const notes = path.join(own.wiki, 'notes.md');
  await page.goto(`${own.cairn.url}#/links`);
  const group = page.getByRole('region', { name: 'Missing Zebra crossing plan' });
  await expect(group).toContainText('No page resembles it');

  // the picker: type part of a title, move with the arrows, Enter picks
  const picker = group.getByRole('combobox', { name: 'Pick a page for Zebra crossing plan' });
  await picker.fill('plann');
  const options = group.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('Garden planning');
  await picker.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(group.getByRole('listbox')).toHaveCount(0);

  await group.getByRole('button', { name: 'Retarget to garden-planning' }).click();
  const preview = page.getByRole('dialog', { name: 'Change preview' });
  await expect(preview.locator('tr.ins')).toContainText('See [[garden-planning]] for details.');
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(group).toHaveCount(0);
  expect(fs.readFileSync(notes, 'utf8')).toBe(NOTES.replace('[[Zebra crossing plan]]', '[[garden-planning]]'));

  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone' })).toBeVisible();
  await expect(group).toBeVisible();
  expect(fs.readFileSync(notes, 'utf8')).toBe(NOTES);
});
