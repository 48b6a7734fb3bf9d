// The graph lane on a real index: it finds the page one link (or one shared concept) from the
// text lanes' best hits, ranks by how many strong hits reach it, keeps to the search's filters,
// and has no say at weight 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/search.ts';
import { makeFixture, type Fixture, type TestEngine } from '../testing/wiki-fixture.ts';

let fx: Fixture;
let e: TestEngine;

beforeAll(async () => {
  fx = makeFixture({
    'global/checklist.md': '# Release checklist\n\nBefore a release, read [[rollback]] and tell [[oncall]].\n',
    'global/freeze.md': '# Release freeze\n\nNo release on Fridays; if one goes wrong see [[rollback]].\n',
    'global/rollback.md': '---\ntags: [ops]\n---\n# Rollback\n\nRevert the tag and redeploy the previous build.\n',
    'global/oncall.md': '# On call\n\nThe pager rota.\n',
    'global/retired.md': '---\narchived_since: 2026-01-01\n---\n# Retired\n\nOld notes. See [[checklist]].\n',
    'global/unrelated.md': '# Gardening\n\nTomatoes need sun.\n',
    'user/bob/notes.md': '# Bob notes\n\nMy view: [[freeze]] is too strict.\n',
    'global/canary.md': '# Canary\n\nShip to one host first.\n',
    'global/smoke.md': '# Smoke test\n\nRun a canary before anything else.\n',
    'global/prose.md': '# Staging\n\nEvery release checklist item is tried on a canary first.\n',
  });
  e = fx.engine();
  await e.reindex();
});
afterAll(() => fx.cleanup());

const paths = (r: { results: { path: string }[] }) => r.results.map((x) => x.path);
const find = (r: SearchResponse, path: string) => r.results.find((x) => x.path === path);

describe('graph lane', () => {
  it('surfaces the page the best hits link to, though it shares no word with the query, and says how it got there', async () => {
    const r = await e.search({ query: 'release checklist' });
    expect(r.lanes.graph).toMatchObject({ state: 'ok' });
    const rollback = find(r, 'global/rollback.md')!;
    expect(rollback).toBeDefined();
    expect(rollback.lanes.lexical!.rank).toBeNull();
    expect(rollback.lanes.graph!.rank).not.toBeNull();
    expect(rollback.graphVia).toEqual(
      expect.arrayContaining([
        { seed: 'checklist', edge: 'link' },
        { seed: 'freeze', edge: 'link' },
      ]),
    );
    expect(paths(r)).not.toContain('global/unrelated.md');
  });

  it('keeps the best hit first in the lane, and ranks a page more strong hits point at above one fewer point at', async () => {
    const r = await e.search({ query: 'release checklist' });
    expect(r.results[0]!.lanes.graph!.rank).toBe(1);
    expect(find(r, 'global/rollback.md')!.lanes.graph!.rank!).toBeLessThan(find(r, 'global/oncall.md')!.lanes.graph!.rank!);
  });

  it('follows links in, and shared concepts, as well as links out', async () => {
    const r = await e.search({ query: 'pager rota' });
    expect(find(r, 'global/checklist.md')?.graphVia).toEqual([{ seed: 'oncall', edge: 'backlink' }]);
    const canary = await e.search({ query: 'ship to one host' });
    expect(find(canary, 'global/smoke.md')?.graphVia).toContainEqual({ seed: 'canary', edge: 'concept', concept: 'Canary' });
  });

  it('keeps to the filters: another agent’s pages, archived pages and other tags stay out', async () => {
    const asAlice = await e.search({ query: 'release checklist', filters: { agent: 'alice' } });
    expect(paths(asAlice)).not.toContain('user/bob/notes.md');
    expect(paths(asAlice)).not.toContain('global/retired.md');
    const person = await e.search({ query: 'release checklist' });
    expect(find(person, 'user/bob/notes.md')?.graphVia).toEqual([{ seed: 'freeze', edge: 'backlink' }]);
    const tagged = await e.search({ query: 'release checklist', filters: { tags: ['ops'] } });
    expect(tagged.results.every((x) => x.tags.includes('ops'))).toBe(true);
  });

  it('convex fusion takes its score as it is (1: the best hit itself, ½: a page it links to), not min-max over its pages', async () => {
    const r = await e.search({ query: 'release checklist', fusion: 'convex' });
    for (const x of r.results) if (x.lanes.graph?.score != null) expect(x.lanes.graph.normalized).toBe(Math.min(1, x.lanes.graph.score));
    expect(r.results[0]!.lanes.graph!.normalized).toBe(1);
    // linked from the best hit (½) and from a lower one; reached only from a lower hit: less
    expect(find(r, 'global/rollback.md')!.lanes.graph!.normalized).toBeGreaterThan(0.5);
    expect(find(r, 'user/bob/notes.md')!.lanes.graph!.normalized).toBeLessThan(0.5);
  });

  it('takes the graph weight measured for the fusion method asked for, unless the request names one', async () => {
    // this engine has no model, so its defaults are RRF with the graph lane at 0.2
    expect((await e.search({ query: 'release checklist' })).weights.graph).toBe(0.2);
    expect((await e.search({ query: 'release checklist', fusion: 'convex' })).weights.graph).toBe(0.6);
    expect((await e.search({ query: 'release checklist', fusion: 'convex', weights: { graph: 0.4 } })).weights.graph).toBe(0.4);
  });

  it('at weight 0 it runs (the debugger can raise it) but adds no page', async () => {
    const r = await e.search({ query: 'release checklist', weights: { graph: 0 } });
    expect(r.lanes.graph).toMatchObject({ state: 'ok', weight: 0 });
    expect(paths(r)).not.toContain('global/rollback.md');
    expect(r.results.every((x) => x.lanes.graph!.contribution === 0)).toBe(true);
  });

  it('starts only from pages a lane with a say found: text lanes all at 0 leave it no seeds', async () => {
    const r = await e.search({ query: 'release checklist', weights: { lexical: 0, semantic: 0, token: 0, graph: 1 } });
    expect(r.lanes.graph).toMatchObject({ state: 'skipped', reason: 'no-seeds' });
    expect(r.results).toEqual([]);
  });

  it('is skipped, saying why, when no other lane found anything; never runs in a single-lane mode', async () => {
    const none = await e.search({ query: 'zzyzx' });
    expect(none.lanes.graph).toMatchObject({ state: 'skipped', reason: 'no-seeds' });
    const lexical = await e.search({ query: 'release checklist', mode: 'lexical' });
    expect(lexical.lanes.graph).toBeUndefined();
    expect(paths(lexical)).not.toContain('global/rollback.md');
  });
});
