// Finding your way on the Pages screen (issue 32, finding 6): the filter searches the whole wiki,
// the chosen folder a chip that narrows it and can be removed ("sync" under Plugins found nothing);
// the folder tree lists the pages under their folders, each opening its page; the pages opened
// lately are listed, most recent first; and a theme chosen in the nav outlives a reload.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

const PAGES: Record<string, string> = {
  'Plugins/Templates.md': '# Templates\n\nInsert a template into the note.\n',
  'Plugins/Daily notes.md': '# Daily notes\n\nOne note a day.\n',
  'Getting started/Sync your notes.md': '# Sync your notes\n\nKeep notes the same on every device.\n',
  'Getting started/Create a vault.md': '# Create a vault\n\nA vault is a folder.\n',
  'Home.md': '# Home\n\nStart at [[Create a vault]].\n',
};

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('pages-filter', (wiki) => {
    for (const [file, text] of Object.entries(PAGES)) {
      fs.mkdirSync(path.dirname(path.join(wiki, file)), { recursive: true });
      fs.writeFileSync(path.join(wiki, file), text);
    }
  });
});

test.afterAll(async () => {
  await own?.close();
});

const folders = (page: Page) => page.getByRole('navigation', { name: 'Folders' });
const filterBox = (page: Page) => page.getByRole('searchbox', { name: 'Filter pages by name' });

test('the filter searches the whole wiki, the folder a chip that narrows it', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/pages`);
  await folders(page)
    .getByRole('button', { name: /^Plugins\b/ })
    .click();
  // the chosen folder shows as a chip beside the filter
  const chip = page.getByRole('button', { name: 'Remove the folder Plugins' });
  await expect(chip).toBeVisible();
  await filterBox(page).fill('sync');
  // "Sync your notes" lies in another folder: still found, and said to be elsewhere
  const elsewhere = page.getByRole('table', { name: 'Pages in other folders' });
  await expect(elsewhere.locator('tr[data-path="Getting started/Sync your notes.md"]')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('0 of 5');
  // removing the chip searches everywhere: the page is in the list itself
  await chip.click();
  await expect(chip).toHaveCount(0);
  const list = page.getByRole('table', { name: 'Pages' });
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(list.locator('tr[data-path="Getting started/Sync your notes.md"]')).toBeVisible();
  await expect(page).not.toHaveURL(/folder=/);
});

test('the folder tree lists the pages under their folders, and a click opens one', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/pages`);
  const tree = folders(page);
  await tree.getByRole('button', { name: 'Expand Getting started' }).click();
  const link = tree.getByRole('link', { name: 'Create a vault' });
  await expect(link).toBeVisible();
  // a page at the root is listed under it too
  await expect(tree.getByRole('link', { name: 'Home' })).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: /Create a vault/ })).toBeVisible();
});

test('the pages opened lately are listed, the most recent first', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/pages`);
  for (const title of ['Templates', 'Home']) {
    await filterBox(page).fill(title);
    await page.getByRole('table', { name: 'Pages' }).getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
    await page.goto(`${own.cairn.url}#/pages`);
  }
  const recent = page.getByRole('region', { name: 'Recent pages' });
  await expect(recent.getByRole('link')).toHaveText(['Home', 'Templates']);
  // the search screen offers them too, and they survive a reload
  await page.goto(`${own.cairn.url}#/search`);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Recent pages' }).getByRole('link')).toHaveText(['Home', 'Templates']);
  await page.getByRole('region', { name: 'Recent pages' }).getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Templates/ })).toBeVisible();
});

test('the theme chosen in the nav is applied and kept across a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${own.cairn.url}#/pages`);
  const html = page.locator('html');
  const theme = page.getByRole('group', { name: 'Theme' });
  // following the system at first
  await expect(theme.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveAttribute('data-theme', 'light');
  // the light and dark --bg of base.css
  const body = page.locator('body');
  await expect(body).toHaveCSS('background-color', 'rgb(246, 247, 249)');

  await theme.getByRole('button', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(body).toHaveCSS('background-color', 'rgb(18, 20, 24)');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'Dark' })).toHaveAttribute('aria-pressed', 'true');

  // back to the system, which follows it when it changes
  await page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: 'System' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});
