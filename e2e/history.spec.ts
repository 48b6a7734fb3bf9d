// History that reads right: undoing an undo is a redo, shown and offered as one; an entry whose change
// is gone says so and offers nothing; no button re-applies a change someone undid. Marking a page
// reviewed asks first, and stale reasons name plain dates.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const NOTES = '---\ntitle: Notes\n---\n# Notes\n\nOne [[Alpha gone]] here.\nTwo [[Beta gone]] there.\n';
const OLD = '---\ntitle: Old plan\nreviewed: 2025-06-05\n---\n# Old plan\n\nStill true?\n';

test.beforeAll(async () => {
  own = await ownServer('history', (wiki) => {
    fs.writeFileSync(path.join(wiki, 'notes.md'), NOTES);
    fs.writeFileSync(path.join(wiki, 'old-plan.md'), OLD);
  });
});

test.afterAll(async () => {
  await own?.close();
});

async function removeLink(page: Page, target: string) {
  const group = page.getByRole('region', { name: `Missing ${target}` });
  await group.getByRole('button', { name: 'Remove link' }).click();
  await page.getByRole('dialog', { name: 'Change preview' }).getByRole('button', { name: 'Apply' }).click();
  await expect(group).toHaveCount(0);
}

async function confirmFrom(page: Page, row: ReturnType<Page['locator']>, button: string) {
  await row.getByRole('button', { name: button }).click();
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
}

test('an undo undone is a redo; a change that is gone offers nothing that would re-apply it', async ({ page }) => {
  const notes = path.join(own.wiki, 'notes.md');
  await page.goto(`${own.cairn.url}#/links`);
  await removeLink(page, 'Alpha gone'); // #1
  const afterFirst = fs.readFileSync(notes, 'utf8');
  await removeLink(page, 'Beta gone'); // #2

  await page.getByRole('link', { name: 'Audit log' }).click();
  const row = (id: number) => page.getByRole('table', { name: 'Audit log' }).locator(`tbody tr[data-id="${id}"]`);
  await confirmFrom(page, row(2), 'Undo #2'); // #3
  await expect(row(3)).toBeVisible();
  await confirmFrom(page, row(1), 'Undo #1'); // #4
  await expect(row(4)).toBeVisible();
  expect(fs.readFileSync(notes, 'utf8')).toBe(NOTES);

  // #3 put back the file as #1 left it, and #4 has since put it back further: #3's change is gone
  await expect(row(3)).toHaveAttribute('data-gone', 'true');
  await expect(row(3).getByRole('button')).toHaveCount(0);
  // the newest undo is offered as what it is: a redo of #1
  await expect(row(4).getByRole('button')).toHaveAccessibleName('Redo #1');
  await confirmFrom(page, row(4), 'Redo #1'); // #5
  await expect(row(5)).toContainText('redid #1');
  await expect(row(5)).toContainText('redo');
  await expect(page.getByRole('table', { name: 'Audit log' })).not.toContainText('undid #4');
  expect(fs.readFileSync(notes, 'utf8')).toBe(afterFirst);

  // #4 is undone now; #1 stands again and can be undone; #3 stands again, as a redo of #2
  await expect(row(4)).toHaveAttribute('data-undone', 'true');
  await expect(row(4).getByRole('button')).toHaveCount(0);
  await expect(row(1).getByRole('button')).toHaveAccessibleName('Undo #1');
  await expect(row(3).getByRole('button')).toHaveAccessibleName('Redo #2');
  // no entry offers an undo whose effect is gone, so nothing suggests undoing one first
  await expect(page.getByText(/Undo #\d+ first/)).toHaveCount(0);
});

test('stale reasons name plain dates, and Mark reviewed asks first: Cancel writes nothing', async ({ page }) => {
  const old = path.join(own.wiki, 'old-plan.md');
  await page.goto(`${own.cairn.url}#/stale`);
  const row = page.getByRole('table', { name: 'Stale pages' }).locator('tr[data-key="old-plan"]');
  await expect(row).toContainText('since 5 June 2025');
  await expect(row).not.toContainText('today');
  await expect(row).toContainText(/\d+ days ago/);

  await page.getByRole('button', { name: 'Mark old-plan reviewed' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('reviewed:');
  await dialog.getByRole('button', { name: /Cancel/ }).click();
  await expect(dialog).toHaveCount(0);
  expect(fs.readFileSync(old, 'utf8')).toBe(OLD);

  await page.getByRole('button', { name: 'Mark old-plan reviewed' }).click();
  await dialog.getByRole('button', { name: 'Mark reviewed' }).click();
  await expect(row).toHaveCount(0);
  expect(fs.readFileSync(old, 'utf8')).toMatch(/reviewed: \d{4}-\d{2}-\d{2}/);
});
