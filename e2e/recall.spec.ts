// The Recall tab of a page in Chromium: the pages recall reaches from it, each with the path that
// reached it, beside the subgraph those paths draw.
import { expect, test } from '@playwright/test';
import { open, screenshot } from './app.ts';

test("a page's Recall tab lists its connected set with each page's path and draws it", async ({ page }, testInfo) => {
  await open(page, '#/page/fusion');
  await page.getByRole('tab', { name: 'Recall' }).click();
  await expect(page).toHaveURL(/#\/page\/global\/reference\/fusion\.md\?root=[^&]+&tab=recall&depth=2/);
  const list = page.getByRole('region', { name: 'Recalled pages' });
  // the seed first, then the pages it links to, with the path that reached them
  await expect(list.locator('li').first()).toHaveAttribute('data-recall', 'fusion');
  await expect(list.locator('li[data-recall="lexical-lane"] .recall-path')).toHaveText('fusion → [[lexical-lane]]');
  // two steps out: a path of two steps
  const far = list.locator('li[data-distance="2"]');
  expect(await far.count()).toBeGreaterThan(0);
  await expect(far.first().locator('.recall-path')).toHaveText(/^fusion → .+ → .+$/);
  const host = page.locator('.graph-host[data-request="recall:global/reference/fusion.md:2"]');
  await expect(host).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
  expect(Number(await host.getAttribute('data-nodes'))).toBeGreaterThan(await list.locator('li[data-distance="1"]').count());
  await screenshot(page, testInfo, 'recall');

  // one step: only the seed and its neighbours
  await page.getByRole('radio', { name: '1 link' }).check({ force: true });
  await expect(page).toHaveURL(/depth=1/);
  await expect(page.locator('.graph-host[data-request="recall:global/reference/fusion.md:1"]')).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
  await expect(list.locator('li[data-distance="2"]')).toHaveCount(0);
  await expect(list.locator('li[data-distance="1"]').first()).toBeVisible();
});

test('recall from a query: the search results lead to the pages their top hits reach, each with its path', async ({ page }) => {
  await open(page, '#/search?q=stale%20pages');
  await page.getByRole('link', { name: 'Recall around these results' }).click();
  await expect(page).toHaveURL(/#\/recall\?q=stale\+pages/);
  await expect(page.getByRole('heading', { name: 'Recall around “stale pages”' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Recalled pages' });
  // the query's top hits are the seeds; archiving is one link from stale-pages
  await expect(list.locator('li[data-recall="stale-pages"]')).toHaveAttribute('data-distance', '0');
  await expect(list.locator('li[data-distance="1"]').first()).toBeVisible();
  await expect(list.locator('.recall-path').first()).toHaveText(/ → /);
  await expect(page.locator('.graph-host[data-request="recall:?stale pages:2"]')).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
  // without a query the screen says where to start
  await open(page, '#/recall');
  await expect(page.getByText('Recall starts from a query')).toBeVisible();
});
