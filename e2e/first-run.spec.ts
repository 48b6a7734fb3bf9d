// The first run of a wiki big enough that indexing takes a while (issue 32, finding 5): while it
// goes on, Pages and Broken links say "Indexing… N of M", never "This wiki has no pages yet" nor a
// count of 0 broken links; once it ends, the real counts. The server is started without waiting
// for its first run, and the screens are read while that run is still under way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Status } from '../shared/contract.ts';
import { api, cairnEnv, startServe, waitForIdle, type Served } from '../electron/engine/testing/cairn-process.ts';

/** Enough pages that the first run outlasts opening two screens on this machine. */
const PAGES = 8000;
const FOLDERS = 40;
/** Every page links to one of these, none of which exists. */
const MISSING = 25;

/** PAGES pages in FOLDERS folders, each linking to two pages that exist and one that does not. */
function writeWiki(wiki: string): void {
  for (let f = 0; f < FOLDERS; f++) fs.mkdirSync(path.join(wiki, `folder-${f}`));
  for (let i = 0; i < PAGES; i++) {
    const body = `# Note ${i}\n\nAbout topic ${i % 97}: see [[Note ${(i + 1) % PAGES}]], [[Note ${(i * 7) % PAGES}]] and [[Missing ${i % MISSING}]].\n`;
    fs.writeFileSync(path.join(wiki, `folder-${i % FOLDERS}`, `Note ${i}.md`), body);
  }
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Screens' });
const brokenLink = (page: Page) => nav(page).getByRole('link', { name: /Broken links/ });
const brokenHint = (page: Page) => brokenLink(page).locator('.nav-hint');
const indexing = (page: Page) => page.getByRole('main').getByText(/Indexing… \d+ of \d+/);

let dir: string;
let served: Served;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-first-run-'));
  fs.mkdirSync(path.join(dir, 'wiki'));
  writeWiki(path.join(dir, 'wiki'));
});

test.afterAll(async () => {
  await served?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the screen shows must not claim an empty wiki nor zero broken links while the first run goes on. */
async function tellsTheTruth(page: Page): Promise<void> {
  await expect(page.getByRole('main')).not.toContainText('no pages yet');
  // no count at all, or one that is not 0
  await expect(brokenLink(page)).not.toHaveText(/links\s*0$/);
}

test('screens say "Indexing… N of M" until the first run ends, then the counts', async ({ page }) => {
  test.setTimeout(180_000);
  served = await startServe(['--no-watch', '--db', path.join(dir, 'cairn.db'), path.join(dir, 'wiki')], cairnEnv(dir));
  const ended = waitForIdle(served.url);

  await page.goto(`${served.url}#/pages`);
  await expect(indexing(page)).toBeVisible();
  await tellsTheTruth(page);

  await brokenLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Broken links' })).toBeVisible();
  await expect(indexing(page)).toBeVisible();
  await tellsTheTruth(page);
  await expect(page.getByRole('main')).not.toContainText('Every link resolves');

  // the run is still going: the screens were read during it, not after
  const status = (await api<Status>(served.url, 'status')).body;
  expect(status.lastRun).toBeNull();

  await ended;
  // after the run: the broken links, counted, and every page listed
  await expect(indexing(page)).toHaveCount(0);
  await expect(brokenHint(page)).toHaveText(/^\d+(\.\d)?K?$/);
  await expect(brokenHint(page)).not.toHaveText('0');
  await expect(page.getByRole('main')).toContainText(`${MISSING} missing pages`);
  await nav(page).getByRole('link', { name: 'Pages', exact: true }).click();
  await expect(page.getByRole('main')).toContainText(`${PAGES} of ${PAGES}`);
});
