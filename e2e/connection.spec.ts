// The server stops and starts again under an open app: every screen says so in plain words and
// keeps what it showed, no screen goes blank, and the app comes back by itself through the event
// stream once the server answers again (same port, same database), with no click from the user.
import { expect, test, type Page } from '@playwright/test';
import { resultsFor, screenshot, searchBox } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('connection');
});

test.afterAll(async () => {
  await own?.close();
});

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'not answering' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Screens' });

test('a stopped server shows a banner on every screen, keeps the open page, and the app recovers on its own', async ({ page }, testInfo) => {
  await page.goto(`${own.cairn.url}#/search`);
  await searchBox(page).fill('fusion');
  await resultsFor(page, 'fusion').locator('li.result[data-key="fusion"] a.result-title').click();
  const article = page.locator('article.page-screen[data-page="fusion"]');
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  await own.stop();
  // the open page says so by itself and keeps its content
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(/start .*again/i);
  await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(page, testInfo, 'server-stopped', 'server-stopped.png');

  // another screen while down: its frame and the banner, not a white page
  await nav(page).getByRole('link', { name: 'Graph' }).click();
  await expect(page.getByRole('heading', { name: 'Graph of the wiki' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await expect(nav(page)).toBeVisible();
  await screenshot(page, testInfo, 'graph-while-stopped');

  await own.restart();
  // no click, no reload: the banner goes and the screen it is on loads
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator('.graph-host[data-request="*:1"]')).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
  await nav(page).getByRole('link', { name: 'Search' }).click();
  await searchBox(page).fill('lexical lane');
  await expect(resultsFor(page, 'lexical lane').locator('li.result').first()).toBeVisible();
});

test('a screen that fails to draw shows what failed and a retry, and the rest of the app keeps working', async ({ page }, testInfo) => {
  // the graph's code cannot be fetched while the server answers everything else
  await page.route('**/assets/GraphView-*.js', (route) => route.abort('failed'));
  await page.goto(`${own.cairn.url}#/graph`);
  const failed = page.getByRole('alert', { name: 'Graph failed' });
  await expect(failed).toContainText('The Graph screen could not be shown');
  await expect(failed).toContainText(/GraphView/);
  await screenshot(page, testInfo, 'screen-failed');
  await expect(banner(page)).toHaveCount(0);

  await nav(page).getByRole('link', { name: 'Search' }).click();
  await searchBox(page).fill('lexical lane');
  await expect(resultsFor(page, 'lexical lane').locator('li.result').first()).toBeVisible();

  await nav(page).getByRole('link', { name: 'Graph' }).click();
  await expect(failed).toBeVisible();
  await page.unroute('**/assets/GraphView-*.js');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.graph-host[data-request="*:1"]')).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 });
});

test('a server that stops answering without closing its connections (frozen) shows the banner, which goes when it answers again', async ({ page }) => {
  // the server says it is alive every 300 ms, so a silence is noticed quickly
  const frozen = await ownServer('frozen', undefined, { CAIRN_HEARTBEAT_MS: '300' });
  try {
    await page.goto(`${frozen.cairn.url}#/status`);
    await expect(page.getByRole('list', { name: 'Index counts' })).toBeVisible();
    frozen.cairn.proc.kill('SIGSTOP');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Index counts' })).toBeVisible();
    frozen.cairn.proc.kill('SIGCONT');
    await expect(banner(page)).toHaveCount(0);
  } finally {
    frozen.cairn.proc.kill('SIGCONT');
    await frozen.close();
  }
});
