// Two pages with one name, as Obsidian's help vault has (`Plugins/Templates.md` and
// `Obsidian Web Clipper/Templates.md`): every way to a page (search, a link in the text, backlinks,
// the graph, the audit log) opens the one chosen, and its header says which of the two it is.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const PLUGIN = 'Plugins/Templates.md';
const CLIPPER = 'Obsidian Web Clipper/Templates.md';
const PLUGIN_TEXT = 'inserts a snippet from your templates folder';
const CLIPPER_TEXT = 'decide how a clipped web page is saved';

const WIKI: Record<string, string> = {
  [PLUGIN]: `# Templates\n\nThe Templates core plugin ${PLUGIN_TEXT} into the active note.\n`,
  [CLIPPER]: `# Templates\n\nWeb Clipper templates ${CLIPPER_TEXT} to your vault.\n`,
  'Plugins/Overview.md': '# Overview\n\nThe core plugins, among them [[Plugins/Templates]], come with the app.\n',
  // a bare [[Templates]] goes to the copy closest to the linking page, as in Obsidian
  'Obsidian Web Clipper/Overview.md':
    '# Overview\n\nClip pages with a template: see [[Obsidian Web Clipper/Templates]] and [[Templates|the templates nearby]].\n',
  'Home.md': '# Home\n\nTwo pages share a name: [[Plugins/Templates]] and [[Obsidian Web Clipper/Templates]].\n',
};

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('same-name', (wiki) => {
    for (const [rel, text] of Object.entries(WIKI)) {
      fs.mkdirSync(path.dirname(path.join(wiki, rel)), { recursive: true });
      fs.writeFileSync(path.join(wiki, rel), text);
    }
  });
});

test.afterAll(async () => {
  await own?.close();
});

const article = (page: Page) => page.locator('article.page-screen');
const absolutePath = (page: Page) => page.getByRole('textbox', { name: 'Absolute path' });

/** The page on screen is the file at `rel`: its text, and its path in the header. */
async function expectOpen(page: Page, rel: string): Promise<void> {
  await expect(article(page).locator('.markdown')).toContainText(rel === CLIPPER ? CLIPPER_TEXT : rel === PLUGIN ? PLUGIN_TEXT : '');
  await expect(absolutePath(page)).toHaveValue(path.join(own.wiki, rel));
}

async function openFromSearch(page: Page, rel: string): Promise<void> {
  await page.goto(`${own.cairn.url}#/search?q=Templates`);
  const results = page.locator('ol.results[data-query="Templates"] li.result');
  await expect(results.locator('.result-path .path', { hasText: PLUGIN })).toBeVisible();
  await expect(results.locator('.result-path .path', { hasText: CLIPPER })).toBeVisible();
  await results
    .filter({ has: page.locator('.result-path .path', { hasText: rel }) })
    .locator('.result-title')
    .click();
}

test('choosing either of two same-named pages in search opens that one', async ({ page }) => {
  await openFromSearch(page, CLIPPER);
  await expectOpen(page, CLIPPER);
  await expect(article(page).locator('.markdown')).not.toContainText(PLUGIN_TEXT);
  // the address names the page itself, so reloading it (or sharing it) opens the same one
  await page.reload();
  await expectOpen(page, CLIPPER);

  await openFromSearch(page, PLUGIN);
  await expectOpen(page, PLUGIN);
});

test('links in the text, backlinks and links out open the page they name', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/Home`);
  await article(page).locator('.markdown a.wikilink', { hasText: 'Obsidian Web Clipper/Templates' }).click();
  await expectOpen(page, CLIPPER);

  // its backlinks: Home and the Overview beside it (not the Overview of Plugins, the shorter path)
  const backlinks = page.locator('section[data-links="in"]');
  await expect(backlinks.locator('li.link')).toHaveCount(2);
  await backlinks.locator('li.link a', { hasText: 'Overview' }).click();
  await expect(article(page).locator('.markdown')).toContainText('Clip pages with a template');
  await expect(absolutePath(page)).toHaveValue(path.join(own.wiki, 'Obsidian Web Clipper/Overview.md'));

  // [[Templates]] from there is the copy beside it
  await article(page).locator('.markdown a.wikilink', { hasText: 'the templates nearby' }).click();
  await expectOpen(page, CLIPPER);
  await page.goBack();
  await page.locator('section[data-links="out"] li.link a', { hasText: 'Templates' }).first().click();
  await expectOpen(page, CLIPPER);
});

test('a node of the graph opens the page it stands for', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/graph`);
  await expect(page.locator('.graph-host')).toHaveAttribute('data-drawn', 'true');
  await page.getByRole('combobox', { name: 'Jump to a node' }).fill('Templates');
  const options = page.getByRole('listbox', { name: 'Matching nodes' }).getByRole('option');
  await expect(options).toHaveCount(2);
  await options.filter({ hasText: CLIPPER }).dblclick();
  await expectOpen(page, CLIPPER);
  // its Graph tab is centred on it, and the Page tab comes back to it
  await page.getByRole('tab', { name: 'Graph' }).click();
  await expect(page.locator('.graph-host')).toHaveAttribute('data-drawn', 'true');
  await page.getByRole('tab', { name: 'Page' }).click();
  await expectOpen(page, CLIPPER);
});

test('an audit entry opens the page it changed', async ({ page }) => {
  const res = await fetch(new URL('api/writePage', own.cairn.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: 'Templates', root: own.wiki, path: CLIPPER, frontmatter: { summary: 'How clipped pages are saved' }, actor: 'e2e' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(fs.readFileSync(path.join(own.wiki, CLIPPER), 'utf8')).toContain('summary: How clipped pages are saved');
  expect(fs.readFileSync(path.join(own.wiki, PLUGIN), 'utf8')).toBe(WIKI[PLUGIN]);

  await page.goto(`${own.cairn.url}#/audit`);
  const row = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr', { hasText: CLIPPER });
  await row.getByRole('link', { name: 'Templates' }).click();
  await expectOpen(page, CLIPPER);
});

test('the header says which of the same-named pages this is, lists the others, and shows the path once', async ({ page }, testInfo) => {
  await openFromSearch(page, CLIPPER);
  await expectOpen(page, CLIPPER);
  const head = page.locator('header.page-head');
  // the path is in the path box, not written out again above the title
  await expect(head.getByText(CLIPPER)).toHaveCount(0);
  const others = head.getByRole('navigation', { name: 'Pages with the same name' });
  await expect(others).toContainText('2 pages are named “Templates”');
  await screenshot(page, testInfo, 'same-name', 'same-name.png');
  await others.getByRole('link', { name: PLUGIN }).click();
  await expectOpen(page, PLUGIN);
  await expect(head.getByRole('navigation', { name: 'Pages with the same name' }).getByRole('link', { name: CLIPPER })).toBeVisible();
});
