// The nav's Broken links count is the number the Broken links screen says it lists: missing pages,
// missing sources and broken anchors together. Its own `cairn serve` over a copy of the demo wiki,
// where the pages' `sources:` lead nowhere (the code they name is not beside the copy).
import { expect, test } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('broken-count');
});

test.afterAll(async () => {
  await own?.close();
});

test('the nav counts what the Broken links screen lists', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/links`);
  const hint = page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('link', { name: /Broken links/ })
    .locator('.nav-hint');
  await expect(hint).toHaveText(/^\d+$/);
  const count = Number(await hint.textContent());
  const summary = page.locator('.links-screen .screen-head');
  await expect(summary).toContainText(`${count} broken links`);
  // the parts the summary names add up to it, each as its section counts it
  const sources = Number(await page.getByRole('region', { name: 'Missing sources' }).locator('.count').textContent());
  const anchors = Number(await page.getByRole('region', { name: 'Broken anchors' }).locator('.count').textContent());
  await expect(summary).toContainText(`${count - sources - anchors} to pages that do not exist`);
  await expect(summary).toContainText(`${sources} missing sources`);
  await expect(summary).toContainText(`${anchors} broken anchors`);
});
