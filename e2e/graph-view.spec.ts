// The Graph view on a small vault of its own, as an Obsidian user meets it: images hidden until asked
// for (they crowd the labels), the same layout on every load and kept when coming back, a wheel
// that zooms gently, and empty graphs that say why they are empty. The drawing is a canvas: its
// `data-*` attributes say what it shows (`data-positions`: a fingerprint of where every node is).
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const graphHost = (page: Page) => page.locator('.graph-host');
const settled = async (page: Page) => {
  await expect(graphHost(page)).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
  await expect(graphHost(page)).toHaveAttribute('data-layout', 'settled', { timeout: 60_000 });
};
const shownNodes = async (page: Page) => Number(await graphHost(page).getAttribute('data-nodes'));
const zoom = async (page: Page) => Number(await graphHost(page).getAttribute('data-zoom'));

const PAGES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'];
const IMAGES = 5;

/** Six linked pages, five images embedded among them, and one archived page tagged #old. */
function vaultWithImages(wiki: string): void {
  const png = path.join(ROOT, 'build', 'electron', 'icon.png');
  for (let i = 0; i < IMAGES; i++) fs.copyFileSync(png, path.join(wiki, `picture-${i}.png`));
  PAGES.forEach((name, i) => {
    const next = PAGES[(i + 1) % PAGES.length];
    const third = PAGES[(i + 3) % PAGES.length];
    const image = i < IMAGES ? `\n![[picture-${i}.png]]\n` : '';
    const head = name === 'zeta' ? '---\ntags: [old]\narchived_since: 2025-01-01\n---\n' : '';
    fs.writeFileSync(path.join(wiki, `${name}.md`), `${head}# ${name}\n\nSee [[${next}]] and [[${third}]].\n${image}`);
  });
}

let own: OwnServer;
test.beforeAll(async () => {
  own = await ownServer('graph-view', vaultWithImages);
});
test.afterAll(async () => own.close());

test('attachments are hidden by default, the filter says how many, and a toggle shows them', { tag: '@smoke' }, async ({ page }) => {
  await page.goto(`${own.cairn.url}#/graph`);
  await settled(page);
  await expect.poll(() => shownNodes(page)).toBe(PAGES.length);
  const toggle = page.getByRole('checkbox', { name: /Attachments/ });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText(`Attachments ${IMAGES} hidden`);
  await toggle.check();
  await expect.poll(() => shownNodes(page)).toBe(PAGES.length + IMAGES);
});

test('two loads lay the graph out the same way, and coming back keeps it where it was', async ({ page, browser }) => {
  // three loads of the graph, on a machine that may be shared
  test.setTimeout(180_000);
  await page.goto(`${own.cairn.url}#/graph`);
  await settled(page);
  const first = await graphHost(page).getAttribute('data-positions');
  expect(first).toMatch(/^[0-9a-f]{8}$/);
  // another tab: nothing kept, laid out again from the same seed
  const other = await browser.newPage();
  await other.goto(`${own.cairn.url}#/graph`);
  await settled(other);
  await expect(graphHost(other)).toHaveAttribute('data-positions', first!);
  await other.close();
  // a page and back: the positions kept, not laid out again
  await page.goto(`${own.cairn.url}#/page/alpha`);
  await expect(page.locator('article.page-screen')).toBeVisible();
  await page.goBack();
  await settled(page);
  await expect(graphHost(page)).toHaveAttribute('data-positions', first!);
  await expect(graphHost(page)).toHaveAttribute('data-layout-from', 'kept');
});

test('ten wheel ticks zoom less than 3×, and the zoom limits hold', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/graph`);
  await settled(page);
  // from far enough out that the old ×8.7 would not reach the limit
  await graphHost(page).focus();
  for (let i = 0; i < 6; i++) await graphHost(page).press('-');
  await expect.poll(() => zoom(page)).toBeLessThan(0.6);
  const before = await zoom(page);
  const box = (await graphHost(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -120);
  await expect.poll(() => zoom(page)).toBeGreaterThan(before * 1.5);
  const after = await zoom(page);
  expect(after / before).toBeLessThan(3);
  for (let i = 0; i < 80; i++) await page.mouse.wheel(0, -120);
  await expect.poll(() => zoom(page)).toBe(5);
});

test('a graph emptied by the filters says so, and never asks to index a folder', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/graph`);
  await settled(page);
  await page.getByRole('combobox', { name: 'Tag' }).selectOption('old');
  await page.getByRole('checkbox', { name: /Archived pages/ }).uncheck();
  await expect.poll(() => shownNodes(page)).toBe(0);
  await expect(page.getByText('No node matches these filters')).toBeVisible();
  await expect(page.getByText(/Index a folder/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset the filters' }).click();
  await expect.poll(() => shownNodes(page)).toBe(PAGES.length);
});

test('an indexed wiki without pages says it has none, not to index a folder', async ({ page }) => {
  const empty = await ownServer('graph-empty', () => {});
  try {
    await page.goto(`${empty.cairn.url}#/graph`);
    await expect(page.getByText(/no pages yet/i)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Index a folder/)).toHaveCount(0);
  } finally {
    await empty.close();
  }
});
