// The reranker in the fusion debugger, over a `cairn serve` of its own with a tiny cross-encoder
// the test writes (it scores a pair by how often it says "stone"): the Lanes panel names the
// reranker and what it did, a result it moved says where fusion had put it, and the explanation
// gives its score beside the fused one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeTinyReranker } from '../electron/engine/testing/tiny-reranker.ts';
import { api } from '../electron/engine/testing/cairn-process.ts';
import type { SearchResponse } from '../shared/search.ts';
import { resultsFor, screenshot, searchBox } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let dir: string;
let own: OwnServer;

function fill(wiki: string): void {
  fs.writeFileSync(path.join(wiki, 'rivers.md'), '# Rivers\n\nThe river, the river, the river bends by the river bank.\n');
  fs.writeFileSync(path.join(wiki, 'quarry.md'), '# Quarry\n\nA stone, a stone and a stone, cut near the river.\n');
  fs.writeFileSync(path.join(wiki, 'bank.md'), '# Bank\n\nA river bank with one stone.\n');
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-reranker-'));
  writeTinyReranker(path.join(dir, 'tiny-reranker'), 'stone');
  own = await ownServer('reranker', fill, { CAIRN_RERANKER: path.join(dir, 'tiny-reranker'), CAIRN_MODEL: 'none' });
  // the server loads it in the background: until then a search keeps its fused order (state loading)
  await expect.poll(async () => (await api<SearchResponse>(own.cairn.url, 'search', { query: 'river stone' })).body.rerank?.state).toBe('ok');
});

test.afterAll(async () => {
  await own?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the reranker orders the top results and the debugger shows what it did', async ({ page }, testInfo) => {
  await page.goto(`${own.cairn.url}#/search?q=${encodeURIComponent('river stone')}`);
  const list = resultsFor(page, 'river stone');
  await expect(list.locator('li.result')).toHaveCount(3);
  // most "stone" first: what the tiny cross-encoder scores
  await expect(list.locator('li.result').first()).toHaveAttribute('data-key', 'quarry');
  await expect(list.locator('li.result').nth(1)).toHaveAttribute('data-key', 'bank');

  const legend = page.locator('.legend-item.rerank');
  await expect(legend).toHaveAttribute('data-state', 'ok');
  await expect(legend).toContainText('tiny-reranker');
  await expect(legend).toContainText('ordered top 3');

  // the fused order without it, from the same server: every result it moved says where it was
  const fused = await page.evaluate(async () => {
    const res = await fetch('api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'river stone', rerank: false }),
    });
    return ((await res.json()) as { results: { key: string }[] }).results.map((r) => r.key);
  });
  const shown = await list.locator('li.result').evaluateAll((items) => items.map((li) => li.getAttribute('data-key')));
  expect(shown).not.toEqual(fused);
  for (const [i, key] of shown.entries()) {
    const note = list.locator(`li.result[data-key="${key}"] .fused-rank-note[data-step="rerank"]`);
    const was = fused.indexOf(key!) + 1;
    if (was === i + 1) await expect(note).toHaveCount(0);
    else await expect(note).toHaveText(`was #${was}`);
  }

  await searchBox(page).press('Shift+Enter');
  const explained = list.locator('li.result').first().locator('.rerank-note');
  await expect(explained).toContainText('reranker 4');
  await expect(explained).toHaveAttribute('data-fused-rank', String(fused.indexOf('quarry') + 1));
  await screenshot(page, testInfo, 'reranker');

  // turned off in the Fusion panel: the fused order, kept in the URL, and the toggle stays to turn it on again
  const toggle = page.locator('.fusion-pane').getByRole('checkbox', { name: /Reranker/ });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await expect(page).toHaveURL(/rerank=off/);
  await expect.poll(() => list.locator('li.result').evaluateAll((items) => items.map((li) => li.getAttribute('data-key')))).toEqual(fused);
  await expect(page.locator('.legend-item.rerank')).toHaveCount(0);
  await expect(list.locator('.fused-rank-note')).toHaveCount(0);
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(list.locator('li.result').first()).toHaveAttribute('data-key', 'quarry');
  await expect(page).not.toHaveURL(/rerank=off/);
});
