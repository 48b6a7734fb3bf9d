// Obsidian syntax a vault is written in (issue 32, finding 2): inline `#tags` are tags (shown,
// filterable, listed with counts in the Tags pane), `%%comments%%` are hidden but stay in the file,
// a task is drawn by its own state, `![[img|200]]` is a size, and a task ticks in place, changing
// exactly its own line of the file. Its own `cairn serve` over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const ALPHA = `# Alpha

Work on the launch #project/alpha and #todo today.

See [the anchor](beta#anchor) and \`#notatag\` in code.

%%a hidden comment%%

Visible text. %%inline secret%% after it.

%%
block secret
%%

- [x] done parent
  - [ ] open child
- [ ] second task

![[pic.png|200]]

![[pic.png|120x80]]
`;

const BETA = `---
tags: [project]
---
# Beta

## Anchor

Beta has #project/beta inline.
`;

test.beforeAll(async () => {
  own = await ownServer('obsidian-syntax', (wiki) => {
    fs.writeFileSync(path.join(wiki, 'alpha.md'), ALPHA);
    fs.writeFileSync(path.join(wiki, 'beta.md'), BETA);
    fs.writeFileSync(path.join(wiki, 'gamma.md'), '# Gamma\n\nNo tags at all, and `#code` is none.\n');
    fs.copyFileSync(path.join(ROOT, 'build', 'electron', 'icon.png'), path.join(wiki, 'pic.png'));
  });
});

test.afterAll(async () => {
  await own?.close();
});

const alphaFile = () => fs.readFileSync(path.join(own.wiki, 'alpha.md'), 'utf8');

test('inline tags are shown on the page and drawn as tag links', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/alpha`);
  const head = page.locator('.page-meta');
  await expect(head.locator('a.tag', { hasText: '#project/alpha' })).toBeVisible();
  await expect(head.locator('a.tag', { hasText: '#todo' })).toBeVisible();
  await expect(head.locator('a.tag', { hasText: 'notatag' })).toHaveCount(0);
  await expect(page.locator('div.markdown a.tag', { hasText: '#project/alpha' })).toBeVisible();
  await expect(page.locator('div.markdown code', { hasText: '#notatag' })).toBeVisible();
});

test('a search filtered by an inline tag finds the page; a parent tag finds its nested tags', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/search?q=launch&mode=lexical&tags=project/alpha`);
  await expect(page.locator('ol.results li.result[data-key="alpha"]')).toBeVisible();
  await page.goto(`${own.cairn.url}#/search?q=beta&mode=lexical&tags=project`);
  await expect(page.locator('ol.results li.result[data-key="beta"]')).toBeVisible();
  await page.goto(`${own.cairn.url}#/search?q=launch&mode=lexical&tags=project`);
  await expect(page.locator('ol.results li.result[data-key="alpha"]')).toBeVisible();
});

test('the Tags pane lists every tag with its page count, nested tags under their parent', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/tags`);
  const pane = page.getByRole('region', { name: 'Tags' });
  const project = pane.locator('li[data-tag="project"]');
  // a tag counts the pages with it or a tag nested under it, as a filter on it finds them
  await expect(project.locator('> .tag-row .count')).toHaveText('2');
  await expect(project.locator('li[data-tag="project/alpha"] .count')).toHaveText('1');
  await expect(project.locator('li[data-tag="project/beta"] .count')).toHaveText('1');
  await expect(pane.locator('li[data-tag="todo"] .count')).toHaveText('1');
  await project.locator('li[data-tag="project/alpha"] a').first().click();
  await expect(page.locator('li.result[data-key="alpha"], li[data-key="alpha"]').first()).toBeVisible();
});

test('%%comments%% are hidden on the page and the file is left as it was', async ({ page }) => {
  const before = alphaFile();
  await page.goto(`${own.cairn.url}#/page/alpha`);
  const body = page.locator('div.markdown');
  await expect(body).toContainText('Visible text.');
  await expect(body).toContainText('after it.');
  await expect(body).not.toContainText('hidden comment');
  await expect(body).not.toContainText('inline secret');
  await expect(body).not.toContainText('block secret');
  await expect(body).not.toContainText('%%');
  expect(alphaFile()).toBe(before);
});

test('an open task under a done one is drawn by its own state', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/alpha`);
  const child = page.locator('div.markdown li.task-list-item', { hasText: 'open child' }).last();
  await expect(child).toBeVisible();
  // a strike-through reaches every descendant of the element it is set on: none of the task's
  // enclosing items and lists may have one (text-decoration is drawn through, not inherited)
  const enclosing = await child.locator('xpath=ancestor-or-self::*[self::li or self::ul]').all();
  expect(enclosing.length).toBeGreaterThan(2);
  for (const el of enclosing) await expect(el).not.toHaveCSS('text-decoration-line', /line-through/);
  const parent = page.locator('div.markdown .task-text', { hasText: 'done parent' });
  await expect(parent).toHaveCSS('text-decoration-line', 'line-through');
});

test('![[img.png|200]] sets the width, |WxH both, and neither is alt text', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/alpha`);
  const images = page.locator('div.markdown img.attachment-image');
  await expect(images).toHaveCount(2);
  await expect(images.nth(0)).toHaveAttribute('width', '200');
  await expect.poll(() => images.nth(0).evaluate((img) => img.getBoundingClientRect().width)).toBe(200);
  await expect(images.nth(0)).not.toHaveAttribute('alt', '200');
  await expect(images.nth(1)).toHaveAttribute('width', '120');
  await expect(images.nth(1)).toHaveAttribute('height', '80');
  await expect(images.nth(1)).not.toHaveAttribute('alt', '120x80');
});

test('ticking a task changes exactly its own line of the file', async ({ page }) => {
  const before = alphaFile().split('\n');
  await page.goto(`${own.cairn.url}#/page/alpha`);
  const box = page.getByRole('checkbox', { name: 'second task' });
  await expect(box).not.toBeChecked();
  await box.click();
  await expect(box).toBeChecked();
  await expect.poll(() => alphaFile()).toContain('- [x] second task');
  const after = alphaFile().split('\n');
  expect(after.length).toBe(before.length);
  const changed = after.map((line, i) => [before[i], line]).filter(([a, b]) => a !== b);
  expect(changed).toEqual([['- [ ] second task', '- [x] second task']]);
});

test('ticking a task on a page changed meanwhile writes nothing and says so', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/alpha`);
  const box = page.getByRole('checkbox', { name: 'done parent' });
  await expect(box).toBeChecked();
  // an editor saves the page after it was shown (this server does not watch: its index keeps the old hash)
  const theirs = alphaFile().replace('Visible text.', 'Visible text, edited.');
  fs.writeFileSync(path.join(own.wiki, 'alpha.md'), theirs);
  await box.click();
  await expect(page.getByRole('alert')).toContainText('The page changed since it was shown: nothing was written.');
  expect(alphaFile()).toBe(theirs);
});
