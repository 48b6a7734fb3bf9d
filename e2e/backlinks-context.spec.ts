// Finding your way around a page in Chromium, over a small wiki of its own: each backlink shows the
// sentence around the link, pages that name the page without linking are listed as unlinked
// mentions (and one that links is not), and resting on a wikilink previews the page it leads to.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '../shared/page.ts';
import { api } from '../electron/engine/testing/cairn-process.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const PAGES: Record<string, string> = {
  'Compass.md': '---\nsummary: Finding north without a map.\n---\n# Compass\n\nA compass points to magnetic north.\n\nIt needs no battery.\n',
  'Hiking.md': '# Hiking\n\nBefore a long walk, pack water. Always carry a [[Compass]] in the hills. Check the weather too.\n',
  'Sailing.md': '# Sailing\n\nOld sailors trusted the compass more than the stars.\n\nSee also [[Missing chart]].\n',
  'Camping.md': '# Camping\n\nA tent and a stove.\n',
};

test.beforeAll(async () => {
  own = await ownServer('backlinks-context', (wiki) => {
    for (const [name, text] of Object.entries(PAGES)) fs.writeFileSync(path.join(wiki, name), text);
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('backlinks show the sentence around the link, and unlinked mentions are listed', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/Compass.md?root=${encodeURIComponent(own.wiki)}`);
  const backlinks = page.getByRole('region', { name: 'Backlinks' });
  await expect(backlinks).toContainText('Hiking');
  const context = backlinks.locator('.link-context');
  await expect(context).toHaveText('Always carry a [[Compass]] in the hills.');
  await expect(context.locator('mark')).toHaveText('[[Compass]]');

  const mentions = page.getByRole('region', { name: 'Unlinked mentions' });
  await expect(mentions).toContainText('Sailing');
  await expect(mentions).toContainText('Old sailors trusted the compass more than the stars.');
  await expect(mentions.locator('mark')).toHaveText('compass');
  await expect(mentions).not.toContainText('Hiking');
});

test('resting on a wikilink previews the page it leads to', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/Hiking.md?root=${encodeURIComponent(own.wiki)}`);
  const link = page.locator('.page-body a.wikilink', { hasText: 'Compass' });
  await link.hover();
  const card = page.getByRole('tooltip');
  await expect(card).toContainText('Compass');
  await expect(card).toContainText('Finding north without a map.');
  await expect(card).toContainText('A compass points to magnetic north.');
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);

  // keyboard focus shows it too; a broken link says there is no such page
  await page.goto(`${own.cairn.url}#/page/Sailing.md?root=${encodeURIComponent(own.wiki)}`);
  await page.locator('.page-body a.wikilink', { hasText: 'Missing chart' }).focus();
  await expect(page.getByRole('tooltip')).toHaveText(/No page named “Missing chart”/);
});

test('"Link it" turns a mention into a wikilink after a preview, and Undo puts it back', async ({ page }) => {
  const sailing = path.join(own.wiki, 'Sailing.md');
  const before = fs.readFileSync(sailing, 'utf8');
  await page.goto(`${own.cairn.url}#/page/Compass.md?root=${encodeURIComponent(own.wiki)}`);
  const mentions = page.getByRole('region', { name: 'Unlinked mentions' });
  await mentions.getByRole('button', { name: 'Link it in Sailing' }).click();
  const preview = page.getByRole('dialog', { name: 'Link “compass” in Sailing' });
  await expect(preview.locator('.after')).toHaveText('Old sailors trusted the [[compass]] more than the stars.');
  await preview.getByRole('button', { name: 'Link it' }).click();

  await expect(mentions.getByRole('status')).toContainText('Linked “compass” in Sailing.md.');
  expect(fs.readFileSync(sailing, 'utf8')).toBe(before.replace('the compass more', 'the [[compass]] more'));
  await expect(mentions).not.toContainText('Old sailors');
  await expect(page.getByRole('region', { name: 'Backlinks' })).toContainText('Old sailors trusted the [[compass]] more than the stars.');

  await mentions.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(mentions.getByRole('status')).toContainText('Undone');
  expect(fs.readFileSync(sailing, 'utf8')).toBe(before);
  await expect(mentions).toContainText('Old sailors trusted the compass more than the stars.');
});

test('a preview shows the page as it is after a write, not as it was first read', async ({ page }) => {
  const compass = { root: own.wiki, path: 'Compass.md' };
  const write = async (body: string) => {
    const { hash } = (await api<Page>(own.cairn.url, 'getPage', compass)).body;
    expect((await api(own.cairn.url, 'writePage', { key: 'Compass', ...compass, body, actor: 'e2e', baseHash: hash })).status).toBe(200);
  };
  const before = (await api<Page>(own.cairn.url, 'getPage', compass)).body.body;
  await page.goto(`${own.cairn.url}#/page/Hiking.md?root=${encodeURIComponent(own.wiki)}`);
  const link = page.locator('.page-body a.wikilink', { hasText: 'Compass' });
  const card = page.getByRole('tooltip');
  await link.hover();
  await expect(card).toContainText('A compass points to magnetic north.');
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 0);
  try {
    await write('# Compass\n\nA compass needs a steady hand.\n');
    await expect(page.locator('.page-body')).toBeVisible();
    await expect(async () => {
      await page.mouse.move(0, 0);
      await link.hover();
      await expect(card).toContainText('A compass needs a steady hand.', { timeout: 2000 });
    }).toPass();
  } finally {
    await write(before);
  }
});
