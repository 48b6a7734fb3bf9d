// The Models screen in Chromium over a `cairn serve` of its own that downloads from a hub mirror on
// loopback (a tiny model the test writes, in the words of the wiki's pages), with its hub cache and
// config file in a temporary folder: a model the mirror lacks fails in plain words and the old one
// serves on; a switch to the mirror's model shows its progress while search answers with the old
// model, then serves search; a rollback goes back. The model's file is held at a gate until the
// test has seen the switch under way, so nothing depends on how fast the download is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ModelsResponse } from '../shared/models.ts';
import type { SearchResponse } from '../shared/search.ts';
import { api } from '../electron/engine/testing/cairn-process.ts';
import { startHubMirror, type HubMirror } from '../electron/engine/testing/hub-mirror.ts';
import { writeTinyHubModel } from '../electron/engine/testing/tiny-model.ts';
import { screenshot } from './app.ts';
import { gateBefore, type Gate } from './hub-gate.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const TINY = 'tests/tiny-embedder';

function fill(wiki: string): void {
  fs.writeFileSync(path.join(wiki, 'pets.md'), '# Pets\n\nA cat and a dog under the tree.\n');
  fs.writeFileSync(path.join(wiki, 'water.md'), '# Water\n\nA fish in the river by the stone.\n');
  fs.writeFileSync(path.join(wiki, 'sky.md'), '# Sky\n\nA bird in the cloud over the tree.\n');
}

/** The mirror's model, the hub cache and the config file. */
let dir: string;
let mirror: HubMirror;
let gate: Gate;
let own: OwnServer;
/** The model serving before any switch: the adaptive setting's. */
let before: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-models-'));
  writeTinyHubModel(path.join(dir, 'tiny'), 1);
  mirror = await startHubMirror({ [TINY]: path.join(dir, 'tiny') });
  gate = await gateBefore(mirror.endpoint);
  own = await ownServer('models', fill, {
    HF_ENDPOINT: gate.endpoint,
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    CAIRN_CONFIG: path.join(dir, 'config.json'),
    CAIRN_MODEL: 'adaptive',
  });
  await expect.poll(async () => (await api<ModelsResponse>(own.cairn.url, 'models')).body.serving).not.toBeNull();
  before = (await api<ModelsResponse>(own.cairn.url, 'models')).body.serving!;
});

test.afterAll(async () => {
  gate?.open();
  await own?.close();
  await gate?.close();
  await mirror?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const serving = (page: Page) => page.getByRole('region', { name: 'Serving' });
const hubId = (page: Page) => page.getByRole('form', { name: 'Other hub model' }).getByRole('textbox');

/** A semantic search through the page's own fetch, as the app sends it. */
function semanticSearch(page: Page, query: string): Promise<{ status: number; model: string | null }> {
  return page.evaluate(async (q) => {
    const res = await fetch('api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: q, mode: 'semantic' }),
    });
    return { status: res.status, model: ((await res.json()) as { model: string | null }).model };
  }, query);
}

test('a model is chosen, followed while search goes on, used by search, and rolled back', async ({ page }, testInfo) => {
  await page.goto(own.cairn.url);
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Models' }).click();
  await expect(page.getByRole('heading', { name: 'Embedding models', level: 1 })).toBeVisible();
  await expect(serving(page).locator('.model-name')).toHaveAttribute('data-model', before);
  await expect(serving(page)).toContainText('setting: adaptive');
  await expect(serving(page)).toContainText('nothing to roll back to');
  await expect(page.getByRole('table', { name: 'Recommended models' }).locator('tr[data-model="Xenova/bge-small-en-v1.5"]')).toContainText('133 MB');

  await test.step('a model the mirror lacks fails in plain words, and the old one serves on', async () => {
    await hubId(page).fill('tests/missing');
    await hubId(page).press('Enter');
    const failed = page.getByRole('alert').filter({ hasText: 'The switch to hub:tests/missing failed' });
    await expect(failed).toContainText('answered 404: no model tests/missing there');
    await expect(failed).toContainText('HF_ENDPOINT');
    await expect(failed).toContainText('cairn models use DIR');
    await screenshot(page, testInfo, 'models-failed');
    await expect(serving(page).locator('.model-name')).toHaveAttribute('data-model', before);
  });

  await test.step('a switch shows its progress, buttons wait, and search answers with the old model meanwhile', async () => {
    await hubId(page).fill(TINY);
    await hubId(page).press('Enter');
    const progress = page.getByRole('region', { name: 'Model switch' });
    await expect(progress).toHaveAttribute('data-phase', 'download');
    await expect(progress).toContainText(`Downloading hub:${TINY}`);
    await expect(progress).toContainText(`Search goes on with ${before} meanwhile`);
    await expect(progress.getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use Xenova/bge-small-en-v1.5' })).toBeDisabled();
    await expect(page.getByRole('form', { name: 'Other hub model' }).getByRole('button', { name: 'Use' })).toBeDisabled();
    // the model's file is held at the gate: the switch is under way for sure
    expect(await semanticSearch(page, 'fish river')).toEqual({ status: 200, model: before });
    await screenshot(page, testInfo, 'models-switching');
    gate.open();
    await expect(page.getByRole('status').filter({ hasText: `Switched to hub:${TINY}` })).toContainText(`${TINY} serves search now`);
    await expect(serving(page).locator('.model-name')).toHaveAttribute('data-model', TINY);
    await expect(serving(page)).toContainText(`setting: hub:${TINY}`);
  });

  await test.step('search uses the new model', async () => {
    expect(await semanticSearch(page, 'fish river')).toEqual({ status: 200, model: TINY });
    const searched = page.waitForResponse((r) => r.url().endsWith('/api/search') && (r.request().postDataJSON() as { mode?: string }).mode === 'semantic');
    await page.goto(`${own.cairn.url}#/search?q=fish%20river&mode=semantic`);
    expect(((await (await searched).json()) as SearchResponse).model).toBe(TINY);
    await expect(page.getByText(`Embedding model: ${TINY}`)).toBeVisible();
  });

  await test.step('a rollback goes back to the model before', async () => {
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Models' }).click();
    await expect(serving(page)).toContainText('to adaptive, the model before the last switch');
    await serving(page).getByRole('button', { name: 'Roll back' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Switched to adaptive' })).toContainText(`${before} serves search now`);
    await expect(serving(page).locator('.model-name')).toHaveAttribute('data-model', before);
    await expect(serving(page)).toContainText(`to hub:${TINY}, the model before the last switch`);
    expect(await semanticSearch(page, 'fish river')).toEqual({ status: 200, model: before });
  });
});
