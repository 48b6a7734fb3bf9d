// The reranker stage with a real cross-encoder folder (a tiny one the test writes, loaded by
// transformers.js): it orders the head of the fused list by its score, says what it did, and
// when it cannot run leaves the fused order and says why.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture, type FixtureEngine } from '../testing/wiki-fixture.ts';
import { writeTinyReranker } from '../testing/tiny-reranker.ts';
import { writeTinyHubModel } from '../testing/tiny-model.ts';
import { RerankerSlot } from './reranker-slot.ts';
import { loadCrossEncoder } from './cross-encoder.ts';
import { rerank } from './rerank-stage.ts';
import { loadReranker } from './worker-reranker.ts';

// the tiny reranker scores a pair by how often it says "stone"; the lexical lane prefers "river"
const PAGES = {
  'rivers.md': '# Rivers\n\nThe river, the river, the river bends by the river bank.',
  'quarry.md': '# Quarry\n\nA stone, a stone and a stone, cut near the river.',
  'bank.md': '# Bank\n\nA river bank with one stone.',
  'sky.md': '# Sky\n\nA cloud and a bird over the river.',
};
const stones = (key: string) => (PAGES[`${key}.md` as keyof typeof PAGES].match(/stone/g) ?? []).length;

describe('the reranker stage', () => {
  let fx: Fixture;
  let e: FixtureEngine;
  let reranker: string;

  beforeAll(async () => {
    fx = makeFixture(PAGES);
    reranker = path.join(fx.dir, 'tiny-reranker');
    writeTinyReranker(reranker, 'stone');
    e = fx.engine({ reranker });
    await e.reindex();
    await e.loadModel();
  });
  afterAll(() => fx.cleanup());

  it('orders the fused results by its score, and keeps each one’s fused rank', async () => {
    const fused = await e.search({ query: 'river stone', rerank: false });
    expect(fused.rerank).toBeNull();
    const reranked = await e.search({ query: 'river stone' });
    expect(reranked.rerank).toMatchObject({ model: 'tiny-reranker', state: 'ok', message: null, candidates: fused.results.length });
    // the answer's time counts the reranker's
    expect(reranked.ms).toBeGreaterThanOrEqual(reranked.rerank!.ms);
    const keys = fused.results.map((r) => r.key);
    // the expected order, worked out from the fused one: most "stone" first, ties as fused
    const expected = [...keys].sort((a, b) => stones(b) - stones(a) || keys.indexOf(a) - keys.indexOf(b));
    expect(expected).not.toEqual(keys);
    expect(reranked.results.map((r) => r.key)).toEqual(expected);
    for (const r of reranked.results) expect(r.rerank!.fusedRank).toBe(keys.indexOf(r.key) + 1);
    // the model read the query and each page's section: one "stone" in the query, the rest in the page
    for (const r of reranked.results) expect(r.rerank!.score).toBe(1 + stones(r.key));
  });

  it('reads deeper than k and answers k', async () => {
    const top = await e.search({ query: 'river stone', k: 1 });
    expect(top.results.map((r) => r.key)).toEqual(['quarry']);
    expect(top.rerank!.candidates).toBe(4);
  });

  it('stays out of single-lane modes, of MMR’s order, and of a search that turns it off', async () => {
    for (const request of [{ mode: 'lexical' as const }, { mmr: { lambda: 0.5 } }, { rerank: false }]) {
      const r = await e.search({ query: 'river stone', ...request });
      expect(r.rerank).toBeNull();
      expect(r.results.some((x) => x.rerank)).toBe(false);
    }
  });

  it('leaves the fused order and says why when its model cannot be loaded', async () => {
    const broken = path.join(fx.dir, 'broken-reranker');
    writeTinyReranker(broken);
    fs.writeFileSync(path.join(broken, 'onnx', 'model.onnx'), 'not a model');
    const other = fx.engine({ reranker: broken });
    await other.loadModel();
    const fused = await other.search({ query: 'river stone', rerank: false, k: 2 });
    const r = await other.search({ query: 'river stone', k: 2 });
    expect(r.rerank).toMatchObject({ model: 'broken-reranker', state: 'failed' });
    expect(r.rerank!.message).toContain(broken);
    expect(r.results.map((x) => x.key)).toEqual(fused.results.map((x) => x.key));
  });

  it('names the command that downloads a hub reranker it does not have', async () => {
    const other = fx.engine({ reranker: 'hub:cross-encoder/not-downloaded' });
    // not loaded yet: the search does not wait for it
    const first = await other.search({ query: 'river stone' });
    expect(first.rerank).toMatchObject({ state: 'loading' });
    await other.loadModel();
    const r = await other.search({ query: 'river stone' });
    expect(r.rerank).toMatchObject({ state: 'failed', message: expect.stringContaining('cairn models pull cross-encoder/not-downloaded') });
    expect(r.results.length).toBeGreaterThan(0);
  });

  it('says an embedding model set as a reranker is not one, and keeps the fused order', async () => {
    const embedder = path.join(fx.dir, 'embedder');
    writeTinyHubModel(embedder);
    const other = fx.engine({ reranker: embedder });
    await other.loadModel();
    const r = await other.search({ query: 'river stone', k: 2 });
    expect(r.rerank).toMatchObject({ model: 'embedder', state: 'failed' });
    expect(r.results).toHaveLength(2);
  });

  it('orders one search at a time, and past two waiting answers the rest in their fused order', async () => {
    const slot = new RerankerSlot({ dir: reranker }, fx.dir);
    await slot.load();
    const fused = await e.search({ query: 'river stone', rerank: false });
    const answer = { ...fused, passages: fused.results.map((x) => x.snippet) };
    const states = (await Promise.all([1, 2, 3, 4].map(() => slot.apply(answer, 3)))).map((x) => x.rerank!.state);
    expect(states).toEqual(['ok', 'ok', 'busy', 'busy']);
    await slot.dispose();
  });

  it('stops once its time is up and keeps the fused order', async () => {
    const model = await loadCrossEncoder(reranker);
    const fused = await e.search({ query: 'river stone', rerank: false });
    const timeUp = new AbortController();
    timeUp.abort(new Error('timed out after 10000 ms'));
    const r = await rerank({ ...fused, passages: fused.results.map((x) => x.snippet) }, model, 2, timeUp.signal, performance.now());
    expect(r.rerank).toMatchObject({ state: 'timeout', message: 'timed out after 10000 ms' });
    expect(r.results.map((x) => x.key)).toEqual(fused.results.slice(0, 2).map((x) => x.key));
    expect('passages' in r).toBe(false);
    await model.dispose();
  });

  it('scores on a thread of its own as on this one, and stops waiting once aborted', async () => {
    const passages = ['stone stone', 'river', 'a stone by the river'];
    const here = await loadCrossEncoder(reranker);
    const there = await loadReranker(reranker, 'tiny');
    try {
      expect(await there.score('stone', passages, new AbortController().signal)).toEqual(await here.score('stone', passages, new AbortController().signal));
      const timeUp = new AbortController();
      const asked = there.score('stone', passages, timeUp.signal);
      timeUp.abort(new Error('timed out after 10000 ms'));
      await expect(asked).rejects.toThrow('timed out after 10000 ms');
      // the thread goes on serving the next search
      expect(await there.score('stone', ['stone'], new AbortController().signal)).toEqual([2]);
    } finally {
      await here.dispose();
      await there.dispose();
    }
  });
});
