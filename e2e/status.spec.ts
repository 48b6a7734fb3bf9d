// Index status and the links report.
import { expect, test } from '@playwright/test';
import { open, screenshot } from './app.ts';

test('the index status shows counts, the last run and the model', async ({ page }, testInfo) => {
  await open(page, '#/status');
  const counts = page.getByRole('list', { name: 'Index counts' });
  await expect(counts.locator('[data-count="pages"] .count-value')).toHaveText('35');
  for (const label of ['chunks', 'links', 'dangling links', 'broken anchors']) {
    await expect(counts.locator(`[data-count="${label}"] .count-value`)).toHaveText(/^\d+$/);
  }
  await expect(counts.locator('[data-count="dangling links"] .count-value')).not.toHaveText('0');
  await expect(page.getByRole('region', { name: 'Roots' })).toContainText('build/demo-wiki');
  const last = page.getByRole('region', { name: 'Last run' });
  await expect(last.locator('[data-run="indexed"] dd')).toHaveText(/^\d+$/);
  await expect(page.getByRole('region', { name: 'Embedding model' }).locator('.model-name')).toBeVisible();
  await screenshot(page, testInfo, 'status');

  // Re-index: nothing changed on disk, so no file is read again.
  await page.getByRole('button', { name: 'Re-index' }).click();
  await expect(last.locator('[data-run="indexed"] dd')).toHaveText('0');
  expect(Number(await last.locator('[data-run="unchanged"] dd').textContent())).toBeGreaterThanOrEqual(35);
  await expect(page.getByRole('button', { name: 'Re-index' })).toBeEnabled();
  await expect(counts.locator('[data-count="pages"] .count-value')).toHaveText('35');
});

test('the links report lists dangling links by target and broken anchors', async ({ page }, testInfo) => {
  await open(page, '#/links');
  const reranker = page.getByRole('region', { name: 'Missing reranker-lane' });
  await expect(reranker).toContainText('global/reference/fusion.md:51');
  const anchors = page.getByRole('region', { name: 'Broken anchors' }).locator('tbody tr');
  await expect(anchors.filter({ hasText: 'fusion#Learning to rank' })).toHaveAttribute('data-reason', 'missing-anchor');
  await screenshot(page, testInfo, 'links');
});
