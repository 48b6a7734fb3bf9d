// The graph follows the theme chosen in the nav while it is open: its canvases were drawn with the
// colours of the theme the view opened in, and kept them until it was opened again.
import { expect, test, type Page } from '@playwright/test';
import { open } from './app.ts';

/** The mean brightness (0–255) of what the nodes' canvas has drawn: labels sit on the theme's surface colour. */
function drawnBrightness(page: Page): Promise<number> {
  return page.locator('canvas.graph-nodes').evaluate((canvas) => {
    // typed here: the tests typecheck for Node, without the DOM library
    const c = canvas as unknown as {
      width: number;
      height: number;
      getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
    };
    const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height);
    let [sum, n] = [0, 0];
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 128) continue;
      sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      n++;
    }
    return n ? sum / n : NaN;
  });
}

test('an open graph is drawn again in the colours of a theme chosen meanwhile', async ({ page }) => {
  await open(page, '#/graph');
  const host = page.locator('.graph-host');
  await expect(host).toHaveAttribute('data-layout', 'settled', { timeout: 60_000 });
  await expect.poll(async () => Number(await host.getAttribute('data-labels'))).toBeGreaterThan(0);
  const theme = page.getByRole('group', { name: 'Theme' });
  await theme.getByRole('button', { name: 'Light' }).click();
  await expect.poll(() => drawnBrightness(page)).toBeGreaterThan(150);
  await theme.getByRole('button', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect.poll(() => drawnBrightness(page)).toBeLessThan(110);
});
