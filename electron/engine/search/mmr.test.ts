// The diversity step: MMR re-orders the fused top so near-duplicates do not fill it, says each
// result's rank before, and the request refuses a lambda outside 0..1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture, type FixtureEngine } from '../testing/wiki-fixture.ts';
import { bodyTerms, jaccard, mmrOrder } from './mmr.ts';

const daily = (day: number) =>
  `---\nsummary: Standup ${day}\ntags: [daily]\n---\n# Standup\n\nWorked on the deploy pipeline: the staging deploy failed on a flaky test, reran the pipeline, deploy green. Reviewed two pull requests about caching.\n`;

let fx: Fixture;
let e: FixtureEngine;
beforeAll(async () => {
  const files: Record<string, string> = {};
  for (let d = 1; d <= 5; d++) files[`global/daily/2026-03-0${d}.md`] = daily(d);
  files['global/release.md'] =
    '---\nsummary: How releases ship\n---\n# Release process\n\nThe pipeline builds, signs and uploads a release; deploy to staging first, then production.\n';
  files['global/rollback.md'] = '---\nsummary: Undoing a release\n---\n# Rollback\n\nWhen a deploy breaks production, roll back to the previous artifact.\n';
  files['global/caching.md'] = '---\nsummary: Build cache\n---\n# Caching\n\nThe build cache keys on the lockfile hash.\n';
  fx = makeFixture(files);
  e = fx.engine();
  await e.reindex();
});
afterAll(() => fx.cleanup());

const isDaily = (r: { path: string }) => r.path.startsWith('global/daily/');

describe('MMR', () => {
  it('five near-identical daily notes do not fill the top 3', async () => {
    const plain = await e.search({ query: 'staging deploy failed flaky test', k: 3 });
    expect(plain.mmr).toBeNull();
    expect(plain.results.filter(isDaily)).toHaveLength(3); // without MMR they do
    expect(plain.results.every((r) => r.mmr === undefined)).toBe(true);

    const diverse = await e.search({ query: 'staging deploy failed flaky test', k: 3, mmr: { lambda: 0.5 } });
    expect(diverse.mmr).toMatchObject({ lambda: 0.5, similarity: 'terms' });
    expect(diverse.results.filter(isDaily).length).toBeLessThanOrEqual(1);
    expect(diverse.results.map((r) => r.path)).toContain('global/release.md');
    // the step is explained: the first pick keeps its fused rank and has no penalty
    const [first, ...rest] = diverse.results;
    expect(first!.mmr).toEqual({ fusedRank: 1, similarity: 0 });
    for (const r of rest) expect(r.mmr!.fusedRank).toBeGreaterThan(1);
  });

  it('lambda 1 keeps the fused order', async () => {
    const plain = await e.search({ query: 'staging deploy failed flaky test', k: 8 });
    const same = await e.search({ query: 'staging deploy failed flaky test', k: 8, mmr: { lambda: 1 } });
    expect(same.results.map((r) => r.key)).toEqual(plain.results.map((r) => r.key));
    expect(same.results.map((r) => r.mmr!.fusedRank)).toEqual(same.results.map((_, i) => i + 1));
  });

  it('the request refuses a lambda outside 0..1', async () => {
    await expect(e.search({ query: 'deploy', mmr: { lambda: 1.5 } })).rejects.toThrow(/mmr\.lambda/);
    await expect(e.search({ query: 'deploy', mmr: { lambda: -0.1 } })).rejects.toThrow(/mmr\.lambda/);
    await expect(e.search({ query: 'deploy', mmr: {} as { lambda: number } })).rejects.toThrow(/mmr\.lambda/);
  });
});

describe('page terms', () => {
  it('are read again when a page changes', async () => {
    const id = () => (e.db.prepare(`SELECT id FROM pages WHERE key = '2026-03-05'`).get() as { id: number }).id;
    expect((await bodyTerms(e.store, [id()])).get(id())).toContain('flaki');
    fx.write('global/daily/2026-03-05.md', '---\nsummary: Standup 5\n---\n# Standup\n\nQuiet day: gardening.\n');
    await e.reindex();
    const now = (await bodyTerms(e.store, [id()])).get(id())!;
    expect(now).toContain('garden');
    expect(now).not.toContain('flaki');
  });
});

describe('mmrOrder', () => {
  it('picks by relevance, then penalizes what is like the picks', () => {
    const items = [{ score: 1 }, { score: 0.9 }, { score: 0.5 }, { score: 0 }];
    const sim = (a: number, b: number) => (Math.min(a, b) === 0 && Math.max(a, b) === 1 ? 1 : 0);
    expect(mmrOrder(items, 0.5, 3, sim).map((p) => p.fusedRank)).toEqual([1, 3, 4]);
    expect(mmrOrder(items, 1, 4, sim).map((p) => p.fusedRank)).toEqual([1, 2, 3, 4]);
  });

  it('jaccard', () => {
    expect(jaccard(new Set(['a', 'b']), new Set(['b', 'c']))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});
