// The first-run offer of the recommended embedding model (issue 31), in Chromium over `cairn serve`
// processes of their own on the adaptive model with an empty hub cache: where the hub (a mirror on
// loopback serving a tiny model under the recommended model's id) answers, the app offers the model,
// the offer is taken with the keyboard and leads to the switch on the Models screen, and a reload
// does not offer it again; where the hub is a closed port, the app says why in one line and how to
// use a model folder instead, the line is dismissed, and a reload does not show it again.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { HubReachResponse, ModelsResponse } from '../shared/models.ts';
import { api } from '../electron/engine/testing/cairn-process.ts';
import { startHubMirror, type HubMirror } from '../electron/engine/testing/hub-mirror.ts';
import { writeTinyHubModel } from '../electron/engine/testing/tiny-model.ts';
import { screenshot } from './app.ts';
import { OFFER_ANSWERED_KEY } from './model-offer.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const RECOMMENDED = 'Xenova/bge-small-en-v1.5';

function fill(wiki: string): void {
  fs.writeFileSync(path.join(wiki, 'pets.md'), '# Pets\n\nA cat and a dog under the tree.\n');
  fs.writeFileSync(path.join(wiki, 'water.md'), '# Water\n\nA fish in the river by the stone.\n');
}

/** A `cairn serve` on its first run: the adaptive model, nothing downloaded, hub models from `endpoint`. */
async function firstRun(dir: string, endpoint: string): Promise<OwnServer> {
  const own = await ownServer('first-run', fill, {
    HF_ENDPOINT: endpoint,
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    CAIRN_CONFIG: path.join(dir, 'config.json'),
    CAIRN_MODEL: 'adaptive',
  });
  await expect.poll(async () => (await api<ModelsResponse>(own.cairn.url, 'models')).body.serving).not.toBeNull();
  return own;
}

const offer = (page: Page) => page.getByRole('region', { name: 'Recommended embedding model' });

/**
 * Reloads and waits for the Search screen, then returns the answer this browser keeps and whether
 * the app asked the hub meanwhile. The offer reads the kept answer while it first draws, with the
 * screen, so with an answer kept it is never shown nor the hub asked; no wait on a clock decides it.
 */
async function reloadToSearch(page: Page): Promise<{ kept: string | null; askedHub: boolean }> {
  let askedHub = false;
  page.on('request', (r) => void (r.url().endsWith('/api/hubReach') && (askedHub = true)));
  await page.reload();
  await expect(page.getByRole('searchbox')).toBeVisible();
  const kept = await page.evaluate((key) => localStorage.getItem(key), OFFER_ANSWERED_KEY);
  return { kept, askedHub };
}

test.describe('where the hub answers', () => {
  let dir: string;
  let mirror: HubMirror;
  let own: OwnServer;

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-first-run-'));
    writeTinyHubModel(path.join(dir, 'tiny'), 1);
    mirror = await startHubMirror({ [RECOMMENDED]: path.join(dir, 'tiny') });
    own = await firstRun(dir, mirror.endpoint);
  });
  test.afterAll(async () => {
    await own?.close();
    await mirror?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the recommended model is offered once, taken, and switched to', async ({ page }, testInfo) => {
    await page.goto(own.cairn.url);
    await expect(offer(page)).toContainText('Search would answer better with bge-small-en-v1.5: 133 MB to download, SciFact test nDCG@10 0.713');
    await screenshot(page, testInfo, 'first-run-offer');

    const take = offer(page).getByRole('button', { name: 'Download and switch' });
    await take.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Embedding models', level: 1 })).toBeVisible();
    await expect(offer(page)).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: `Switched to hub:${RECOMMENDED}` })).toContainText(`${RECOMMENDED} serves search now`);
    await expect(page.getByRole('region', { name: 'Serving' }).locator('.model-name')).toHaveAttribute('data-model', RECOMMENDED);

    await page.goto(`${own.cairn.url}#/search`);
    expect(await reloadToSearch(page)).toEqual({ kept: 'accepted', askedHub: false });
    await expect(offer(page)).toHaveCount(0);
  });
});

test.describe('where the hub cannot be reached', () => {
  let dir: string;
  let closed: string;
  let own: OwnServer;

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-first-run-'));
    // a port the system handed out, then closed: connecting to it is refused at once
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    own = await firstRun(dir, closed);
  });
  test.afterAll(async () => {
    await own?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the endpoint asked is the configured one, whatever a caller names', async () => {
    const { status, body } = await api<HubReachResponse>(own.cairn.url, 'hubReach', { endpoint: 'http://127.0.0.1:9/', url: 'http://127.0.0.1:9/' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ endpoint: closed, model: RECOMMENDED, reachable: false });
  });

  test('the app says in one line why, and how to use a model folder, until dismissed', async ({ page }, testInfo) => {
    const host = new URL(closed).host;
    await page.goto(own.cairn.url);
    await expect(offer(page)).toContainText(`${host} cannot be reached: connect ECONNREFUSED ${host}`);
    await expect(offer(page)).toContainText('cairn models use DIR');
    await expect(offer(page).getByRole('button', { name: 'Download and switch' })).toHaveCount(0);
    await screenshot(page, testInfo, 'first-run-offline');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, testInfo, 'first-run-offline-dark');

    await offer(page).getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await expect(offer(page)).toHaveCount(0);

    expect(await reloadToSearch(page)).toEqual({ kept: 'dismissed', askedHub: false });
    await expect(offer(page)).toHaveCount(0);
  });
});
