// The Broken links screen at scale (issue 21, item 7), on a wiki of its own: filters by folder,
// target and kind; bulk stub and bulk remove, each with one preview of every change before anything
// is written (Cancel writes nothing); `X` and `X.md` as one missing page; suggestions that show
// their path and rank the similar name first.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const WIKI: Record<string, string> = {
  'notes/alpha.md': '# Alpha\n\nSee [[Example]] and [[Example.md]].\n',
  'notes/beta.md': '# Beta\n\nA link to [[ghost-one]] here, and ![[diagram]].\n',
  'other/gamma.md': '# Gamma\n\n[[ghost-two]] and [[ghost-one]]\n',
  'other/templates-use.md': '# Using templates\n\nSee [[Templatez]].\n',
  'reference/examples.md': '# Examples\n',
  'reference/obsidian-headless.md': '# Obsidian Headless\n\nExample of running it without a window.\n',
  'other/Templates.md': '# Templates\n',
  'web/Templates.md': '# Templates\n',
};

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('broken-links-scale', (wiki) => {
    for (const [rel, text] of Object.entries(WIKI)) {
      fs.mkdirSync(path.dirname(path.join(wiki, rel)), { recursive: true });
      fs.writeFileSync(path.join(wiki, rel), text);
    }
  });
});

test.afterAll(async () => {
  await own?.close();
});

const group = (page: Page, target: string) => page.getByRole('region', { name: `Missing ${target}`, exact: true });
const preview = (page: Page) => page.getByRole('dialog', { name: 'Change preview' });

test('X and X.md are one missing page', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/links`);
  await expect(group(page, 'Example')).toContainText('2 links');
  await expect(group(page, 'Example.md')).toHaveCount(0);
});

test('filters by folder, target and kind', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/links`);
  await expect(group(page, 'ghost-two')).toBeVisible();
  await page.getByLabel('Folder', { exact: true }).selectOption('notes');
  await expect(group(page, 'ghost-two')).toHaveCount(0);
  await expect(group(page, 'ghost-one')).toContainText('1 link');
  await expect(group(page, 'Example')).toBeVisible();
  await page.getByLabel('Folder', { exact: true }).selectOption('');
  await page.getByLabel('Kind', { exact: true }).selectOption('embed');
  await expect(group(page, 'diagram')).toBeVisible();
  await expect(group(page, 'Example')).toHaveCount(0);
  await page.getByLabel('Kind', { exact: true }).selectOption('');
  await page.getByRole('searchbox', { name: 'Target' }).fill('ghost');
  await expect(page.locator('section.broken-target')).toHaveCount(2);
  await expect(group(page, 'Example')).toHaveCount(0);
});

test('a suggestion shows its path and the similar name comes first', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/links`);
  const options = group(page, 'Example').getByRole('combobox', { name: 'Retarget Example to' }).locator('option');
  await expect(options.first()).toHaveText(/^examples — reference\/examples\.md/);
  // two pages with one name: each names its path, the one in the linking page's folder first
  const templates = group(page, 'Templatez').getByRole('combobox', { name: 'Retarget Templatez to' }).locator('option');
  await expect(templates.nth(0)).toHaveText(/other\/Templates\.md/);
  await expect(templates.nth(1)).toHaveText(/web\/Templates\.md/);
});

test('bulk stub: one preview of every new page, nothing written on Cancel', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/links`);
  await page.getByRole('searchbox', { name: 'Target' }).fill('ghost');
  await page.getByRole('button', { name: 'Create 2 stubs' }).click();
  await expect(preview(page)).toContainText('New page ghost-one.md');
  await expect(preview(page)).toContainText('New page ghost-two.md');
  await preview(page).getByRole('button', { name: 'Cancel' }).click();
  expect(fs.existsSync(path.join(own.wiki, 'ghost-one.md'))).toBe(false);
  await page.getByRole('button', { name: 'Create 2 stubs' }).click();
  await preview(page).getByRole('button', { name: 'Apply' }).click();
  await expect(group(page, 'ghost-one')).toHaveCount(0);
  await expect(group(page, 'ghost-two')).toHaveCount(0);
  expect(fs.existsSync(path.join(own.wiki, 'ghost-one.md'))).toBe(true);
  expect(fs.existsSync(path.join(own.wiki, 'ghost-two.md'))).toBe(true);
});

test('bulk remove: one preview of every line, then each file written once', async ({ page }) => {
  const alpha = path.join(own.wiki, 'notes', 'alpha.md');
  await page.goto(`${own.cairn.url}#/links`);
  await page.getByRole('searchbox', { name: 'Target' }).fill('Example');
  await page.getByRole('button', { name: 'Remove 2 links' }).click();
  await expect(preview(page).locator('tr.del')).toHaveText(['3−See [[Example]] and [[Example.md]].']);
  await expect(preview(page).locator('tr.ins')).toHaveText(['3+See Example and Example.md.']);
  await page.keyboard.press('Escape');
  expect(fs.readFileSync(alpha, 'utf8')).toBe(WIKI['notes/alpha.md']);
  await page.getByRole('button', { name: 'Remove 2 links' }).click();
  await preview(page).getByRole('button', { name: 'Apply' }).click();
  await expect(group(page, 'Example')).toHaveCount(0);
  expect(fs.readFileSync(alpha, 'utf8')).toBe('# Alpha\n\nSee Example and Example.md.\n');
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').first()).toContainText('notes/alpha.md');
});

test.describe('a real vault (foam-docs, copied)', () => {
  const FOAM = path.join(ROOT, '..', 'shared', 'eval', 'wikis', 'foam-docs');
  let foam: OwnServer;
  test.skip(!fs.existsSync(FOAM), `the foam-docs wiki is not at ${FOAM}`);

  test.beforeAll(async () => {
    foam = await ownServer('broken-links-foam', (wiki) => fs.cpSync(FOAM, wiki, { recursive: true }));
  });

  test.afterAll(async () => {
    await foam?.close();
  });

  test('its broken links: filters, groups with suggestions naming their paths, bulk buttons', async ({ page }, testInfo) => {
    await page.goto(`${foam.cairn.url}#/links`);
    await expect(page.getByRole('search', { name: 'Filter broken links' })).toBeVisible();
    const bulk = page.getByRole('group', { name: 'Fix every broken link shown' });
    await expect(bulk.getByRole('button', { name: /^Create \d+ stubs?$/ })).toBeEnabled();
    await expect(bulk.getByRole('button', { name: /^Remove \d+ links?$/ })).toBeEnabled();
    // a suggestion names its path, so two pages of one name can be told apart
    const options = group(page, 'cli-grep').getByRole('combobox', { name: 'Retarget cli-grep to' }).locator('option');
    await expect(options.first()).toHaveText(/^grep — user\/tools\/cli\/grep\.md/);
    await screenshot(page, testInfo, 'broken-links-foam', 'broken-links.png');
    await bulk.getByRole('button', { name: /^Create \d+ stubs?$/ }).click();
    await expect(preview(page)).toContainText('New page');
    await screenshot(page, testInfo, 'broken-links-foam-bulk');
    await preview(page).getByRole('button', { name: 'Cancel' }).click();
  });
});
