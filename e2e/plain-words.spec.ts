// The screens speak plain words, with the technical term a hover away: Status describes the index
// (not a search of its own), the search screen names lanes and fusion by what they do, snippets
// are text (not markdown source), and an empty result only offers a mode that finds something.
import { expect, test } from '@playwright/test';
import { open, resultsFor } from './app.ts';

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
