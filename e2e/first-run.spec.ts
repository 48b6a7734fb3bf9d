// The first run of a wiki (issue 32, finding 5): while it goes on, Pages and Broken links say
// "Indexing… N of M", never "This wiki has no pages yet" nor a count of 0 broken links; once it
// ends, the real counts. The server serves a hub model whose file waits at a gate (hub-gate.ts),
// so the first run is still under way, waiting on its model, for as long as the screens are read:
// nothing depends on how fast this machine indexes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Status } from '../shared/contract.ts';
import { api, cairnEnv, startServe, waitForIdle, type Served } from '../electron/engine/testing/cairn-process.ts';
import { startHubMirror, type HubMirror } from '../electron/engine/testing/hub-mirror.ts';
import { writeTinyHubModel } from '../electron/engine/testing/tiny-model.ts';
import { gateBefore, type Gate } from './hub-gate.ts';

const TINY = 'tests/tiny-embedder';
const PAGES = 60;
const FOLDERS = 4;
/** Every page links to one of these, none of which exists. */
const MISSING = 25;

/** PAGES pages in FOLDERS folders, each linking to two pages that exist and one that does not. */
function writeWiki(wiki: string): void {
  for (let f = 0; f < FOLDERS; f++) fs.mkdirSync(path.join(wiki, `folder-${f}`));
  for (let i = 0; i < PAGES; i++) {
    const body = `# Note ${i}\n\nAbout topic ${i % 7}: see [[Note ${(i + 1) % PAGES}]], [[Note ${(i * 7) % PAGES}]] and [[Missing ${i % MISSING}]].\n`;
    fs.writeFileSync(path.join(wiki, `folder-${i % FOLDERS}`, `Note ${i}.md`), body);
  }
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Screens' });
const brokenLink = (page: Page) => nav(page).getByRole('link', { name: /Broken links/ });
const brokenHint = (page: Page) => brokenLink(page).locator('.nav-hint');
const indexing = (page: Page) => page.getByRole('main').getByText(/Indexing… \d+ of \d+/);

let dir: string;
let mirror: HubMirror;
let gate: Gate;
let served: Served;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-first-run-'));
  fs.mkdirSync(path.join(dir, 'wiki'));
  writeWiki(path.join(dir, 'wiki'));
  writeTinyHubModel(path.join(dir, 'tiny'), 1);
  mirror = await startHubMirror({ [TINY]: path.join(dir, 'tiny') });
  gate = await gateBefore(mirror.endpoint);
});

test.afterAll(async () => {
  gate?.open();
  await served?.stop();
  await gate?.close();
  await mirror?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the screen shows must not claim an empty wiki nor zero broken links while the first run goes on. */
async function tellsTheTruth(page: Page): Promise<void> {
  await expect(page.getByRole('main')).not.toContainText('no pages yet');
  // no count at all, or one that is not 0
  await expect(brokenLink(page)).not.toHaveText(/links\s*0$/);
}

test('screens say "Indexing… N of M" until the first run ends, then the counts', async ({ page }) => {
  const env = cairnEnv(dir, { CAIRN_MODEL: `hub:${TINY}`, HF_ENDPOINT: gate.endpoint, XDG_CACHE_HOME: path.join(dir, 'cache') });
  served = await startServe(['--no-watch', '--db', path.join(dir, 'cairn.db'), path.join(dir, 'wiki')], env);

  await page.goto(`${served.url}#/pages`);
  await expect(indexing(page)).toBeVisible();
  await tellsTheTruth(page);

  await brokenLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Broken links' })).toBeVisible();
  await expect(indexing(page)).toBeVisible();
  await tellsTheTruth(page);
  await expect(page.getByRole('main')).not.toContainText('Every link resolves');

  // the run is still going, waiting on its model: the screens were read during it, not after
  const status = (await api<Status>(served.url, 'status')).body;
  expect(status.lastRun).toBeNull();
  expect(status.indexing).not.toBeNull();

  gate.open();
  await waitForIdle(served.url);
  // after the run: the broken links, counted, and every page listed
  await expect(indexing(page)).toHaveCount(0);
  await expect(brokenHint(page)).toHaveText(/^\d+(\.\d)?K?$/);
  await expect(brokenHint(page)).not.toHaveText('0');
  await expect(page.getByRole('main')).toContainText(`${MISSING} missing pages`);
  await nav(page).getByRole('link', { name: 'Pages', exact: true }).click();
  await expect(page.getByRole('main')).toContainText(`${PAGES} of ${PAGES}`);
});
