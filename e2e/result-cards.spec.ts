// Result cards that scan (issue 31): compact by default, so a 900 px window holds six or more; the
// lane table on demand (the lane strip, Shift+Enter, the "Lane tables" toggle kept in the URL);
// only the words the engine searched for marked; the sliders' weights kept in the URL.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANE_SLIDER, ids, open, readResults, resultsFor, searchBox } from './app.ts';

test.use({ viewport: { width: 1280, height: 900 } });

async function searchFor(page: Page, query: string, extra = ''): Promise<Locator> {
  await open(page, `#/search?q=${encodeURIComponent(query)}${extra}`);
  const list = resultsFor(page, query);
  await expect(list.locator('li.result').first()).toBeVisible();
  return list;
}

/** The results whose whole card is on screen, below the sticky search header. */
async function fullyInView(page: Page, list: Locator): Promise<number> {
  const top = (await page.locator('.search-head').boundingBox())!;
  const bottom = page.viewportSize()!.height;
  const cards = await list.locator('li.result').evaluateAll((items) => items.map((li) => li.getBoundingClientRect()).map((b) => [b.top, b.bottom] as const));
  return cards.filter(([from, to]) => from >= top.y + top.height && to <= bottom).length;
}

/** The address's search parameters (the route lives in the hash). */
const hashParams = (page: Page) => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

test('at 1280×900 six or more compact results are fully in view', async ({ page }) => {
  const list = await searchFor(page, 'fusion weights');
  await expect.poll(() => list.locator('li.result').count()).toBeGreaterThan(10);
  expect(await fullyInView(page, list)).toBeGreaterThanOrEqual(6);
  // compact: each card's lanes on one line, no lane table, no contribution bar
  await expect(list.locator('li.result').first().locator('.lane-strip .lane-mark[data-lane="lexical"]')).toBeVisible();
  await expect(list.locator('.lane-table, .contrib-bar')).toHaveCount(0);
});

test('the lane table shows on demand: Shift+Enter and the lane strip open one, the toggle every one', async ({ page }) => {
  const list = await searchFor(page, 'fusion weights');
  const card = (i: number) => list.locator('li.result').nth(i);
  await expect(list.locator('.lane-table')).toHaveCount(0);

  // Shift+Enter opens the selected result's explanation, and closes it again
  await searchBox(page).press('ArrowDown');
  await expect(card(1)).toHaveAttribute('aria-current', 'true');
  await searchBox(page).press('Shift+Enter');
  await expect(card(1).locator('.lane-table')).toBeVisible();
  await expect(card(1).locator('.contrib-bar')).toBeVisible();
  await expect(card(1).locator('.lane-strip')).toHaveAttribute('aria-expanded', 'true');
  await expect(list.locator('.lane-table')).toHaveCount(1);
  await searchBox(page).press('Shift+Enter');
  await expect(list.locator('.lane-table')).toHaveCount(0);
  // Shift+Enter explains the result; it does not open it as Enter does
  await expect(page).toHaveURL(/#\/search\?/);

  // a click on a card's lane strip opens that card's alone
  await card(2).locator('.lane-strip').click();
  await expect(card(2).locator('.lane-table')).toBeVisible();
  await expect(list.locator('.lane-table')).toHaveCount(1);
  await card(2).locator('.lane-strip').click();
  await expect(list.locator('.lane-table')).toHaveCount(0);

  // the toggle shows every card's, is kept in the URL, and survives a reload
  const toggle = page.getByRole('button', { name: 'Lane tables' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(hashParams(page).get('tables')).toBe('on');
  const count = await list.locator('li.result').count();
  await expect(list.locator('.lane-table')).toHaveCount(count);
  await page.reload();
  await expect(list.locator('li.result').first()).toBeVisible();
  await expect(list.locator('.lane-table')).toHaveCount(await list.locator('li.result').count());
  await page.getByRole('button', { name: 'Lane tables' }).click();
  await expect(list.locator('.lane-table')).toHaveCount(0);
  expect(hashParams(page).has('tables')).toBe(false);
});

test('question words are not marked, the searched words are', async ({ page }) => {
  const list = await searchFor(page, 'how do I make a table');
  const snippets = list.locator('.snippet');
  // the snippets do say "how" (how-search-works…): it is left unmarked, as the engine left it unsearched
  expect((await snippets.allTextContents()).some((s) => /\bhow\b/i.test(s))).toBe(true);
  const marked = await list.locator('.snippet mark').allTextContents();
  expect(marked.length).toBeGreaterThan(0);
  for (const word of marked) expect(word).toMatch(/^table/i);
});

test('the sliders’ weights and blend are kept in the URL: reload and back restore them', async ({ page }) => {
  const list = await searchFor(page, 'stale pages');
  const graph = page.getByRole('slider', { name: LANE_SLIDER.graph, exact: true });
  await expect(graph).toBeEnabled();
  expect(hashParams(page).has('w')).toBe(false);

  // the blend the model does not default to, and the graph lane off
  const method = page.getByRole('radiogroup', { name: 'Fusion method' });
  const other = (await method.getByRole('radio', { name: 'Blend ranks (RRF)' }).isChecked()) ? 'Blend scores (convex)' : 'Blend ranks (RRF)';
  await method.getByText(other).click();
  await graph.focus();
  await page.keyboard.press('Home');
  await expect(graph).toHaveValue('0');
  await expect(page.locator('.badge.relens')).toBeVisible();
  // only what differs from the defaults
  expect(hashParams(page).get('w')).toBe('graph:0');
  expect(hashParams(page).get('fusion')).toBe(other === 'Blend ranks (RRF)' ? 'rrf' : 'convex');
  const order = ids(await readResults(list));

  await page.reload();
  await expect(list.locator('li.result').first()).toBeVisible();
  await expect(graph).toHaveValue('0');
  await expect(method.getByRole('radio', { name: other })).toBeChecked();
  await expect(page.locator('.badge.relens')).toBeVisible();
  await expect.poll(async () => ids(await readResults(list))).toEqual(order);

  // open a result, come back: still re-ranked as left
  await list.locator('li.result').first().locator('a.result-title').click();
  await expect(page.locator('article.page-screen')).toBeVisible();
  await page.goBack();
  await expect(list.locator('li.result').first()).toBeVisible();
  await expect(graph).toHaveValue('0');

  // Reset drops them from the URL
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.locator('.badge.relens')).toHaveCount(0);
  expect(hashParams(page).has('w')).toBe(false);
  expect(hashParams(page).has('fusion')).toBe(false);
});
