// The screens speak plain words, with the technical term a hover away: Status describes the index
// (not a search of its own), the search screen names lanes and fusion by what they do, snippets
// are text (not markdown source), and an empty result only offers a mode that finds something.
import { expect, test } from '@playwright/test';
import { open, resultsFor } from './app.ts';

test('Status describes the index without searching it', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/search')) searches.push(r.postData() ?? '');
  });
  await open(page, '#/status');
  const model = page.getByRole('region', { name: 'Embedding model' });
  await expect(model.locator('.model-name')).toBeVisible();
  // what the model is for, in words, from the index's own figures
  await expect(model).toContainText(/Meaning search .*\b142 chunks\b/);
  await expect(page.getByRole('region', { name: 'Last run' }).locator('[data-run="indexed"] dd')).toHaveText(/^\d+$/);
  const screen = page.locator('.status-screen');
  await expect(screen).not.toContainText(/lane skipped|knows none of the query words|\bfound\b/);
  expect(searches).toEqual([]);
});

test('a snippet from a table reads as text, not markdown source', async ({ page }) => {
  await open(page, '#/search?q=usage_mode%20owner%20reviewed&mode=lexical');
  const list = resultsFor(page, 'usage_mode owner reviewed');
  const contract = list.locator('li.result[data-key="page-contract"] .snippet');
  await expect(contract).toBeVisible();
  await expect(contract).toContainText('usage_mode');
  await expect(contract).not.toContainText('|');
  await expect(contract).not.toContainText('---');
  await expect(contract).not.toContainText('`');
});
