// A missing page's own view offers to create it: the link's text as its title, the new file shown
// first, nothing written until Apply, and the creation undoable like every fix.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('create-from-missing', (wiki) => {
    fs.writeFileSync(path.join(wiki, 'home.md'), '---\ntitle: Home\n---\n# Home\n\nRead [[Example]] first.\n');
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('create a missing page from its view, through a preview, and undo it', async ({ page }) => {
  const example = path.join(own.wiki, 'Example.md');
  await page.goto(`${own.cairn.url}#/page/home`);
  await page
    .getByRole('article')
    .getByRole('link', { name: /^Example/ })
    .first()
    .click();
  await expect(page.getByText('No page named “Example”')).toBeVisible();

  await page.getByRole('button', { name: 'Create page' }).click();
  const preview = page.getByRole('dialog', { name: 'Change preview' });
  await expect(preview).toContainText('New page Example.md');
  await expect(preview).toContainText('title: Example');
  await preview.getByRole('button', { name: 'Cancel' }).click();
  expect(fs.existsSync(example)).toBe(false);

  await page.getByRole('button', { name: 'Create page' }).click();
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Example', level: 1 })).toBeVisible();
  expect(fs.readFileSync(example, 'utf8')).toMatch(/^---\ntitle: Example\n/);

  // undone from the log, like every fix: the page is gone and its view says so again
  await page.getByRole('link', { name: 'Audit log' }).click();
  const created = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr[data-action="fix"]');
  await expect(created).toContainText('created a stub for Example');
  await created.getByRole('button', { name: /^Undo #/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Undo #/ })
    .click();
  await expect(created).toHaveAttribute('data-undone', 'true');
  expect(fs.existsSync(example)).toBe(false);
});

test('a page nothing links to yet is created from its view too', async ({ page }) => {
  const idea = path.join(own.wiki, 'Lonely idea.md');
  await page.goto(`${own.cairn.url}#/page/Lonely%20idea`);
  await page.getByRole('button', { name: 'Create page' }).click();
  const preview = page.getByRole('dialog', { name: 'Change preview' });
  await expect(preview).toContainText('New page Lonely idea.md');
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Lonely idea', level: 1 })).toBeVisible();
  expect(fs.readFileSync(idea, 'utf8')).toMatch(/^---\ntitle: Lonely idea\n/);
});
