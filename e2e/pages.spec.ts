// Browsing the wiki as Obsidian's file explorer lets you: the Pages screen on a real vault (Foam's own
// docs, copied to a temporary folder) and on an empty wiki. The roots that are open, a folder tree
// with counts, filter by name, sort by updated, tier and staleness marks, each page a link to it;
// the nav names the open wiki; search suggests from the wiki that is open, never the demo's words.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { resultsFor, ROOT, screenshot, searchBox } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const FOAM = path.join(ROOT, '..', 'shared', 'eval', 'wikis', 'foam-docs');
/** The demo wiki's own suggestions, which no other wiki should be offered. */
const DEMO_WORDS = ['fusion weights', 'broken links', 'sqlite-vec rowid', 'stale pages'];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Screens' });

/** Markdown files under a folder, every depth, as the tree should count them. */
function pagesUnder(dir: string): number {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce((n, e) => n + (e.isDirectory() ? pagesUnder(path.join(dir, e.name)) : e.name.endsWith('.md') ? 1 : 0), 0);
}

test.describe('a real vault', () => {
  let own: OwnServer;
  test.skip(!fs.existsSync(FOAM), `the foam-docs wiki is not at ${FOAM}`);

  test.beforeAll(async () => {
    own = await ownServer('pages-foam', (wiki) => {
      fs.cpSync(FOAM, wiki, { recursive: true });
      // a reflection whose source is gone: a tier and a staleness mark to show
      fs.mkdirSync(path.join(wiki, 'notes'));
      fs.writeFileSync(
        path.join(wiki, 'notes', 'foam-reflection.md'),
        '---\ntitle: Foam reflection\ntier: reflection\nsources: [gone-source.txt]\n---\n# Foam reflection\n\nWhat we learned about [[tags]].\n',
      );
      // two pages changed last, in a known order (their files' times: Foam's pages carry no `updated`)
      fs.utimesSync(path.join(wiki, 'user', 'features', 'tags.md'), new Date('2031-02-01'), new Date('2031-02-01'));
      fs.utimesSync(path.join(wiki, 'user', 'features', 'graph-view.md'), new Date('2031-01-01'), new Date('2031-01-01'));
    });
  });

  test.afterAll(async () => {
    await own?.close();
  });

  test('the Pages screen lists the open roots, a folder tree with counts, and pages to filter, sort and open', async ({ page }, testInfo) => {
    await page.goto(`${own.cairn.url}#/search`);
    // the nav names the wiki that is open, its full path on hover
    await expect(nav(page).getByTitle(own.wiki, { exact: true })).toHaveText(path.basename(own.wiki));

    const pagesLink = nav(page).getByRole('link', { name: 'Pages', exact: true });
    await pagesLink.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Open roots' })).toContainText(own.wiki);

    // the folder tree counts every page below each folder
    const folders = page.getByRole('navigation', { name: 'Folders' });
    for (const folder of ['user', 'dev', 'notes']) {
      await expect(folders.locator(`[data-folder="${folder}"] > .folder-row .folder-count`).first()).toHaveText(
        String(pagesUnder(path.join(own.wiki, folder))),
      );
    }
    const list = page.getByRole('table', { name: 'Pages' });
    await expect(list.locator('tbody tr')).toHaveCount(pagesUnder(own.wiki));

    // a folder narrows the list to the pages below it
    await folders.getByRole('button', { name: /^dev\b/ }).click();
    await expect(list.locator('tbody tr')).toHaveCount(pagesUnder(path.join(own.wiki, 'dev')));
    for (const p of await list.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path') ?? '')))
      expect(p.startsWith('dev/')).toBe(true);
    await folders.getByRole('button', { name: /^All pages\b/ }).click();

    // the tier and staleness marks
    const reflection = list.locator('tr[data-path="notes/foam-reflection.md"]');
    await expect(reflection.locator('.tier')).toHaveText('reflection');
    await expect(reflection.locator('.stale-mark')).toBeVisible();

    // filter by name
    await page.getByRole('searchbox', { name: 'Filter pages by name' }).fill('daily');
    await expect(list.locator('tbody tr').first()).toBeVisible();
    for (const text of await list.locator('tbody tr td.page-name').allTextContents()) expect(text.toLowerCase()).toContain('daily');
    await page.getByRole('searchbox', { name: 'Filter pages by name' }).fill('');

    // sort by updated: the two files changed last come first, newest first
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('updated');
    await expect(list.locator('tbody tr').nth(0)).toHaveAttribute('data-path', 'user/features/tags.md');
    await expect(list.locator('tbody tr').nth(1)).toHaveAttribute('data-path', 'user/features/graph-view.md');
    await screenshot(page, testInfo, 'pages', 'pages.png');

    // each page is a link to it, the one of two same-named pages too (index.md and user/index.md)
    await list.locator('tr[data-path="user/features/graph-view.md"] a').click();
    const opened = page.locator('article.page-screen').getByRole('textbox', { name: 'Absolute path' });
    await expect(opened).toHaveValue(path.join(own.wiki, 'user/features/graph-view.md'));
    await page.goBack();
    await page.getByRole('searchbox', { name: 'Filter pages by name' }).fill('index');
    await list.locator('tr[data-path="user/index.md"] a').click();
    await expect(opened).toHaveValue(path.join(own.wiki, 'user/index.md'));
    await page.goBack();
    await list.locator('tr[data-path="index.md"] a').click();
    await expect(opened).toHaveValue(path.join(own.wiki, 'index.md'));
  });

  test("search suggests the open wiki's own pages, not the demo's words", async ({ page }) => {
    await page.goto(`${own.cairn.url}#/search`);
    const chips = page.locator('.examples .chip-button');
    await expect(chips.first()).toBeVisible();
    const offered = await chips.allTextContents();
    for (const word of DEMO_WORDS) expect(offered).not.toContain(word);
    await chips.first().click();
    await expect(searchBox(page)).toHaveValue(offered[0]!);
    await expect(resultsFor(page, offered[0]!).locator('li.result').first()).toBeVisible();
  });
});

test.describe('an empty wiki', () => {
  let own: OwnServer;

  test.beforeAll(async () => {
    own = await ownServer('pages-empty', () => {});
  });

  test.afterAll(async () => {
    await own?.close();
  });

  test('no suggestions, and every screen says what to do instead', async ({ page }) => {
    await page.goto(`${own.cairn.url}#/search`);
    await expect(nav(page).getByTitle(own.wiki, { exact: true })).toHaveText(path.basename(own.wiki));
    const start = page.getByRole('region', { name: 'Search results' });
    await expect(start).toContainText('no pages yet');
    await expect(start).toContainText(own.wiki);
    await expect(page.locator('.chip-button')).toHaveCount(0);
    for (const word of DEMO_WORDS) await expect(page.getByText(word, { exact: true })).toHaveCount(0);

    await nav(page).getByRole('link', { name: 'Pages', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('no pages yet');
    await expect(page.getByRole('main')).toContainText(own.wiki);

    // the Graph of an indexed wiki with no pages says so, never to index a folder
    await nav(page).getByRole('link', { name: 'Graph', exact: true }).click();
    await expect(page.getByRole('main')).toContainText('no pages yet');
    await expect(page.getByRole('main')).not.toContainText('Index a folder');
  });
});
