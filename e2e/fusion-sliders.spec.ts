// The graph lane's weight slider moves like the others, by mouse and by keyboard, and moving it
// re-ranks the results and changes what the graph lane adds to each.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { LANES, LANE_SLIDER, type Lane, ids, open, readResults, resultsFor, rrfOrder } from './app.ts';

const laneSlider = (page: Page, lane: Lane) => page.getByRole('slider', { name: LANE_SLIDER[lane], exact: true });

async function readWeights(page: Page): Promise<Record<Lane, number>> {
  const w = { lexical: 0, semantic: 0, token: 0, graph: 0 };
  for (const lane of LANES) w[lane] = Number(await laneSlider(page, lane).inputValue());
  return w;
}

/** What the graph lane adds to each result, as its lane table's row prints it (every table shown). */
const graphAdds = (list: Locator) => list.locator('li.result tr[data-lane="graph"] td.lane-contrib').allTextContents();

async function stalePages(page: Page): Promise<Locator> {
  await open(page, '#/search?q=stale%20pages&tables=on');
  const list = resultsFor(page, 'stale pages');
  await expect(list.locator('li.result').first()).toBeVisible();
  return list;
}

// At the model's own fusion settings (the slider once snapped back there: only the other lanes'
// weights counted as a change).
test('arrow keys move the graph weight, and what it adds follows', async ({ page }) => {
  const list = await stalePages(page);
  const graph = laneSlider(page, 'graph');
  await expect(graph).toBeEnabled();
  const before = await readWeights(page);
  const addsBefore = await graphAdds(list);

  await graph.focus();
  await page.keyboard.press('End');
  const max = Number(await graph.getAttribute('max'));
  await expect(graph).toHaveValue(String(max));
  expect(max).toBeGreaterThan(before.graph);
  await expect(page.locator('.badge.relens')).toBeVisible();
  expect(await readWeights(page)).toEqual({ ...before, graph: max });
  await expect.poll(() => graphAdds(list)).not.toEqual(addsBefore);

  const step = Number(await graph.getAttribute('step'));
  await page.keyboard.press('ArrowLeft');
  await expect(graph).toHaveValue(String(Number((max - step).toFixed(2))));
  await page.keyboard.press('Home');
  await expect(graph).toHaveValue('0');
  await expect(list.locator('li.result tr[data-lane="graph"] td.lane-contrib').filter({ hasText: /[1-9]/ })).toHaveCount(0);
});

test('with RRF, the graph weight re-ranks the results as weighted RRF says', async ({ page }) => {
  const list = await stalePages(page);
  const engineOrder = await readResults(list);
  await page.getByRole('radiogroup', { name: 'Fusion method' }).getByText('Blend ranks (RRF)').click();
  const k = Number(await page.getByRole('slider', { name: 'Rank smoothing (k)', exact: true }).inputValue());
  const graph = laneSlider(page, 'graph');
  await graph.focus();
  await page.keyboard.press('End');
  const moved = { ...(await readWeights(page)), graph: Number(await graph.getAttribute('max')) };
  await expect(graph).toHaveValue(String(moved.graph));
  await expect.poll(async () => ids(await readResults(list))).toEqual(rrfOrder(engineOrder, moved, k));
});

test('dragging the graph weight moves it like the other sliders', async ({ page }) => {
  const list = await stalePages(page);
  const graph = laneSlider(page, 'graph');
  await expect(graph).toBeEnabled();
  const start = Number(await graph.inputValue());
  const addsBefore = await graphAdds(list);

  const box = (await graph.boundingBox())!;
  const y = box.y + box.height / 2;
  const max = Number(await graph.getAttribute('max'));
  await page.mouse.move(box.x + (box.width * start) / max, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 1, y, { steps: 8 });
  await page.mouse.up();

  await expect.poll(async () => Number(await graph.inputValue())).toBeGreaterThan(start);
  await expect(page.locator('.badge.relens')).toBeVisible();
  await expect.poll(() => graphAdds(list)).not.toEqual(addsBefore);
});
