// Pages that embed each other many times: a page draws at most MAX_EMBEDS embeds, all depths
// together, and says so where it stops, instead of drawing the fan-out to the power of the depth
// (five a page, four deep: 780 pages drawn; twenty: 168,000, which froze the tab).
// Its own `cairn serve` over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;
const FAN = 5;

test.beforeAll(async () => {
  own = await ownServer('embed-fanout', (wiki) => {
    for (let i = 0; i < 6; i++) {
      const embeds = Array.from({ length: FAN }, (_, n) => `Part ${n} of fan ${i}.\n\n![[fan${i + 1}]]\n`).join('\n');
      fs.writeFileSync(path.join(wiki, `fan${i}.md`), `# Fan ${i}\n\n${i < 5 ? embeds : 'The end.\n'}`);
    }
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('a page embedding pages that embed many pages draws a bounded number of embeds and says where it stopped', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/fan0`);
  await expect(page.locator('div.markdown')).toContainText('Part 0 of fan 0.');
  await expect(page.locator('.embed-note', { hasText: 'more than 50 embeds on this page' }).first()).toBeVisible();
  await expect(page.locator('div.markdown .embed-body')).toHaveCount(50);
});
