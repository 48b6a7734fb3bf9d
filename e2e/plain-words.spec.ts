// The screens speak plain words, with the technical term a hover away: Status describes the index
// (not a search of its own), the search screen names lanes and fusion by what they do, snippets
// are text (not markdown source), and an empty result only offers a mode that finds something.
import { expect, test, type Locator } from '@playwright/test';
import { open, resultsFor, searchBox } from './app.ts';

/** The tooltip of a control: the title of the label (or element) that carries it. */
const tooltip = (control: Locator) => control.evaluate((el) => el.closest('[title]')?.getAttribute('title') ?? '');

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

test('the search screen names modes, lanes and fusion in plain words, the terms in tooltips', async ({ page }) => {
  await open(page, '#/search?q=fusion%20weights');
  await expect(resultsFor(page, 'fusion weights').locator('li.result').first()).toBeVisible();

  const modes = page.getByRole('radiogroup', { name: 'Search mode' });
  await expect(modes.getByRole('radio')).toHaveCount(4);
  const words = {
    hybrid: ['Combined', /hybrid/],
    lexical: ['Keywords', /BM25/],
    semantic: ['Meaning', /embeddings/],
    token: ['Word overlap', /token/],
  } as const;
  for (const [, [label, term]] of Object.entries(words)) {
    const radio = modes.getByRole('radio', { name: label, exact: true });
    await expect(radio).toBeAttached();
    expect(await tooltip(radio)).toMatch(term);
  }
  await expect(modes).not.toContainText(/Lexical|Semantic|Token|Hybrid/);

  const fusion = page.getByRole('region', { name: 'Fusion' });
  const method = fusion.getByRole('radiogroup', { name: 'Fusion method' });
  await expect(method.getByRole('radio', { name: 'Blend ranks (RRF)' })).toBeAttached();
  await expect(method.getByRole('radio', { name: 'Blend scores (convex)' })).toBeAttached();
  expect(await tooltip(method.getByRole('radio', { name: 'Blend ranks (RRF)' }))).toMatch(/Reciprocal Rank Fusion/);
  for (const name of ['Keywords (BM25)', 'Meaning (embeddings)', 'Word overlap (tokens)', 'Linked pages (graph)']) {
    const slider = fusion.getByRole('slider', { name, exact: true });
    await expect(slider).toBeAttached();
    expect(await tooltip(slider)).not.toBe('');
  }
  await expect(fusion.getByRole('checkbox', { name: 'Variety (MMR)' })).toBeVisible();

  // the lanes' legend and each result's lane table use the same words
  await expect(page.locator('.legend-item[data-lane="lexical"] .legend-name')).toHaveText('Keywords');
  expect(await tooltip(page.locator('.legend-item[data-lane="lexical"] .legend-name'))).toMatch(/lexical.*BM25/);
  const summary = page.locator('.results-summary');
  await expect(summary).toContainText(/Combined · Blend (ranks|scores) ·/);
  await expect(summary).not.toContainText(/RRF|CONVEX|hybrid/);
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

test('an empty result offers no mode that finds nothing too', async ({ page }) => {
  await open(page, '#/search');
  await searchBox(page).fill('zzqqxx');
  const empty = page.locator('.results-pane .empty');
  await expect(empty).toContainText('No mode finds “zzqqxx”');
  await expect(empty.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
  await expect(page.getByText(/try the lexical mode/)).toHaveCount(0);
  // no ranking to speak of, and the linked-pages search had no hit to start from: no notice says so
  await expect(page.locator('.results-pane')).not.toContainText('The ranking below');
  await expect(page.locator('.lane-notice[data-lane="graph"]')).toHaveCount(0);
});

test('an empty result offers the modes that do find something, with their counts', async ({ page }) => {
  // "pragma" is only in a page's body: word overlap (key, title, summary, tags) misses it, keywords find it
  await open(page, '#/search?q=pragma&mode=token');
  const empty = page.locator('.results-pane .empty');
  const keywords = empty.getByRole('button', { name: /^Switch to Keywords \(\d+ found\)$/ });
  await expect(keywords).toBeVisible();
  await expect(empty.getByRole('button', { name: /Switch to Word overlap/ })).toHaveCount(0);
  await keywords.click();
  await expect(page).toHaveURL(/mode=lexical/);
  await expect(resultsFor(page, 'pragma').locator('li.result').first()).toBeVisible();
});
