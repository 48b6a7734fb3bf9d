// Search: results show their lanes (and explain them on demand), modes change them, and the
// weight sliders re-rank them exactly as weighted RRF says.
import { expect, test } from '@playwright/test';
import { LANES, LANE_SLIDER, type Lane, ids, open, readResults, resultsFor, rrfOrder, screenshot, search, searchBox } from './app.ts';

test('typing a query shows compact results with their rank in each lane, the lane table on demand', async ({ page }, testInfo) => {
  await open(page, '#/search');
  await expect(page.getByText('Type to search 35 pages')).toBeVisible();
  await searchBox(page).pressSequentially('fusion weights');
  const list = resultsFor(page, 'fusion weights');
  await expect(list.locator('li.result').first()).toBeVisible();

  const shown = await readResults(list);
  expect(shown.length).toBeGreaterThan(3);
  // Lane ranks do not depend on the fusion: the fusion page leads the lexical and token lanes.
  const fusion = shown.find((r) => r.path === 'global/reference/fusion.md')!;
  expect(shown.indexOf(fusion)).toBeLessThan(3);
  expect(fusion.ranks.lexical).toBe(1);
  expect(fusion.ranks.token).toBe(1);
  // Every result's lane strip shows a rank (or “–”) for each lane that ran; no lane table until asked.
  for (const r of shown) expect(r.ranks.lexical === null || Number.isInteger(r.ranks.lexical)).toBe(true);
  const first = list.locator('li.result').first();
  await expect(first.locator('.result-path .heading')).not.toBeEmpty();
  await expect(list.locator('.lane-table')).toHaveCount(0);

  // Shift+Enter opens the selected result's explanation: its stacked contribution bar and lane table.
  await searchBox(page).press('Shift+Enter');
  await expect(first.locator('.contrib-seg[data-lane="lexical"]')).toBeVisible();
  // A lane that did not run is said so, with its reason, above the results and in its rows.
  const notice = page.locator('.lane-notice[data-lane="semantic"]');
  if ((await notice.count()) > 0) {
    await expect(notice).toContainText(/Meaning search (skipped|failed): \S/);
    await expect(first.locator('tr[data-lane="semantic"]')).toHaveAttribute('data-state', /skipped|failed/);
    await expect(first.locator('.lane-mark[data-lane="semantic"]')).toHaveText('off');
    await expect(page.getByRole('slider', { name: LANE_SLIDER.semantic })).toBeDisabled();
  } else {
    await expect(first.locator('tr[data-lane="semantic"] td.lane-rank')).toBeVisible();
  }
  await expect(page.locator('.legend-item[data-lane="lexical"]')).toContainText('found');
  await screenshot(page, testInfo, 'search', 'search.png');
});

test('switching the mode changes the results', async ({ page }) => {
  await open(page, '#/search?q=fusion%20weights');
  // the list is read at once, so wait until it has rows (it did not, once, under load)
  await expect(resultsFor(page, 'fusion weights').locator('li.result').first()).toBeVisible();
  await expect(page.locator('.results-summary')).toContainText('Combined');
  const hybrid = await readResults(resultsFor(page, 'fusion weights'));
  expect(hybrid.some((r) => r.ranks.lexical != null)).toBe(true);

  await page.getByRole('radiogroup', { name: 'Search mode' }).getByText('Word overlap').click();
  await expect(page).toHaveURL(/mode=token/);
  await expect(page.locator('.results-summary')).toContainText('Word overlap');
  const token = await readResults(resultsFor(page, 'fusion weights'));
  expect(token.length).toBeGreaterThan(0);
  for (const r of token) {
    expect(r.ranks.token).toEqual(expect.any(Number));
    expect(r.ranks).not.toHaveProperty('lexical');
  }
  expect(ids(token)).not.toEqual(ids(hybrid));

  await page.getByRole('radiogroup', { name: 'Search mode' }).getByText('Keywords').click();
  await expect(page.locator('.results-summary')).toContainText('Keywords');
  const lexical = await readResults(resultsFor(page, 'fusion weights'));
  for (const r of lexical) expect(Object.keys(r.ranks)).toEqual(['lexical']);
  expect(ids(lexical)).not.toEqual(ids(token));
});

test('moving a weight slider re-ranks the results as weighted RRF says', async ({ page }, testInfo) => {
  await open(page, '#/search');
  const list = await search(page, 'broken links');
  const engineOrder = await readResults(list);
  const slider = (name: string) => page.getByRole('slider', { name, exact: true });
  const laneSlider = (lane: Lane) => slider(LANE_SLIDER[lane]);
  const readWeights = async () => {
    const w = { lexical: 0, semantic: 0, token: 0, graph: 0 };
    for (const lane of LANES) w[lane] = Number(await laneSlider(lane).inputValue());
    return w;
  };
  const shownOrder = async () => ids(await readResults(list));

  // Fuse with RRF (the model's default may be the convex combination).
  await page.getByRole('radiogroup', { name: 'Fusion method' }).getByText('Blend ranks (RRF)').click();
  const weights = await readWeights();
  const k = Number(await slider('Rank smoothing (k)').inputValue());
  const atDefaults = rrfOrder(engineOrder, weights, k);
  await expect.poll(shownOrder).toEqual(atDefaults);

  // Turn the lexical lane down and the token lane up to the slider's end: the token ranks lead.
  const tokenMax = (await laneSlider('token').getAttribute('max'))!;
  const lexicalLow = String(Number((await laneSlider('lexical').getAttribute('max'))!) / 10);
  await laneSlider('lexical').fill(lexicalLow);
  await laneSlider('token').fill(tokenMax);
  const moved = { ...weights, lexical: Number(lexicalLow), token: Number(tokenMax) };
  expect(await readWeights()).toEqual(moved);
  const expected = rrfOrder(engineOrder, moved, k);
  expect(expected).not.toEqual(atDefaults);
  await expect.poll(shownOrder).toEqual(expected);
  await expect(page.locator('.badge.relens')).toBeVisible();

  // Each result says how far it moved from the engine's order.
  const before = ids(engineOrder);
  for (const [i, id] of expected.entries()) {
    const was = before.indexOf(id);
    const badge = list.locator('li.result').nth(i).locator('.move');
    if (was === i) await expect(badge).toHaveClass(/same/);
    else await expect(badge).toHaveText(`${was > i ? '↑' : '↓'}${Math.abs(was - i)}`);
  }

  // k shapes the RRF curve too: with k = 1 the top lane ranks weigh much more.
  await slider('Rank smoothing (k)').fill('1');
  await expect.poll(shownOrder).toEqual(rrfOrder(engineOrder, moved, 1));
  await screenshot(page, testInfo, 'search-reranked');

  // Reset goes back to the model's fusion and the engine's order, without searching again.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect.poll(shownOrder).toEqual(before);
  await expect(list.locator('.move.up, .move.down')).toHaveCount(0);
});

test('the keyboard drives search: Ctrl-K focuses, arrows move, Enter opens', async ({ page }) => {
  await open(page, '#/status');
  await expect(page.getByRole('heading', { name: 'Index status' })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('broken links');
  const list = resultsFor(page, 'broken links');
  await expect(list.locator('li.result').first()).toHaveAttribute('aria-current', 'true');
  const second = await list.locator('li.result').nth(1).getAttribute('data-key');
  await page.keyboard.press('ArrowDown');
  await expect(list.locator('li.result').nth(1)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  await expect(page.locator(`article.page-screen[data-page="${second}"]`)).toBeVisible();
});

test('an unmatched query says what to do', async ({ page }) => {
  await open(page, '#/search');
  await searchBox(page).fill('zzqqxx');
  await expect(page.getByText('No mode finds “zzqqxx”')).toBeVisible();
});

test('compare shows two modes side by side', async ({ page }, testInfo) => {
  await open(page, '#/compare?q=broken%20links&left=hybrid&right=token');
  const left = page.locator('.compare-column[data-side="left"] ol.compare-list[data-query="broken links"]');
  const right = page.locator('.compare-column[data-side="right"] ol.compare-list[data-query="broken links"]');
  await expect(left.locator('li').first()).toBeVisible();
  await expect(right.locator('li').first()).toBeVisible();
  await expect(right.locator('.pill[data-lane="lexical"]')).toHaveCount(0);
  await expect(left.locator('.pill[data-lane="lexical"]').first()).toBeVisible();
  await expect(left.locator('.elsewhere').first()).toHaveText(/#\d+ there|only here/);
  await screenshot(page, testInfo, 'compare');
});

test('the fusion debugger shows the intent and MMR steps', async ({ page }) => {
  await open(page, '#/search?q=fix%20broken%20links');
  const list = resultsFor(page, 'fix broken links');
  await expect(list.locator('li.result').first()).toBeVisible();
  const fusion = page.getByRole('region', { name: 'Fusion' });

  // intent: the toggle asks again; the line says what it read and why the weights moved
  const intent = fusion.getByRole('checkbox', { name: 'Intent weights' });
  if (!(await intent.isChecked())) await intent.check();
  await expect(fusion.locator('.intent-line')).toContainText('intent: fix; weights adjusted because fix: error messages match literally (lexical ×1.3)');

  // MMR: its own step after fusion, with its lambda; the results it moved say from where
  await fusion.getByRole('checkbox', { name: 'Variety (MMR)' }).check();
  await expect(page).toHaveURL(/mmr=0\.7/);
  await expect(fusion.locator('.mmr-line')).toContainText(/^MMR λ 0\.7 over the fused top \d+: /);
  await expect(fusion.getByRole('slider', { name: 'Relevance over variety (λ)' })).toHaveValue('0.7');
  await fusion.getByRole('checkbox', { name: 'Variety (MMR)' }).uncheck();
  await expect(fusion.locator('.mmr-line')).toHaveCount(0);
});

test('the graph lane has its own slider, and a page it found says which hit reached it and how', async ({ page }) => {
  await open(page, '#/search?q=stale%20pages&tables=on');
  const list = resultsFor(page, 'stale pages');
  await expect(list.locator('li.result').first()).toBeVisible();
  await expect(page.getByRole('slider', { name: LANE_SLIDER.graph, exact: true })).toBeEnabled();
  // the best hit leads the graph lane too (a seed counts for itself)
  const first = list.locator('li.result').first();
  await expect(first.locator('.lane-mark[data-lane="graph"]')).toHaveText('#1');
  await expect(first.locator('tr[data-lane="graph"] td.lane-rank')).toHaveText('#1');
  // the pages the best hit links to say so, in words (stale-pages and curation-workflow link each other)
  const best = await first.getAttribute('data-key');
  expect(['stale-pages', 'curation-workflow']).toContain(best);
  const other = list.locator(`li.result[data-key="${best === 'stale-pages' ? 'curation-workflow' : 'stale-pages'}"]`);
  await expect(other.locator('.graph-via')).toContainText(new RegExp(`linked from (\\S+, )*${best}\\b`));
});
