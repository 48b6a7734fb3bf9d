// Recall by role and the knowledge of a domain, on a real index: which tiers each role reads, how
// the tiers' answers merge, a failing tier, and that every answer is recorded for its outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../shared/search.ts';
import { makeFixture, type Fixture, type TestEngine } from '../testing/wiki-fixture.ts';
import { recallByRole } from './recall.ts';

let fx: Fixture;
let e: TestEngine;

const page = (fm: Record<string, string>, body: string) =>
  `---\n${Object.entries(fm)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n${body}\n`;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  fx = makeFixture({
    'global/vacuum.md': page(
      { tier: 'wiki', tags: '[sqlite]' },
      '# Vacuum\n\nRun VACUUM after deleting many rows from the SQLite database: vacuum rewrites it.',
    ),
    'global/untiered.md': page({ tags: '[sqlite]' }, '# WAL checkpoints\n\nA WAL checkpoint copies pages back into the SQLite database file.'),
    'global/pragma-doc.md': page(
      { tier: 'doc' },
      `# Pragmas\n\nThe pragma list. ${'Each pragma sets one knob of the connection, its cache, journal, locking or page size. '.repeat(12)}One is run when vacuum follows deleting rows.`,
    ),
    'global/day-1.md': page({ tier: 'raw' }, '# Monday\n\nTried VACUUM on the SQLite database after deleting rows; it shrank the file a lot.'),
    'global/lesson.md': page({ tier: 'reflection', updated: today }, '# What VACUUM taught me\n\nVACUUM rewrites the whole SQLite database: schedule it.'),
    'global/old-lesson.md': page({ tier: 'reflection', updated: '2020-01-01' }, '# An old SQLite lesson\n\nSQLite VACUUM once took an hour.'),
  });
  e = fx.engine();
  await e.reindex();
});
afterAll(() => fx.cleanup());

describe('knowledgeRecall', () => {
  it('reads the tiers of the role, in its order; a page without a tier is wiki', async () => {
    const implementer = await e.knowledgeRecall({ query: 'sqlite database vacuum pragmas', role: 'implementer' });
    expect(implementer.tiers.map((t) => t.tier)).toEqual(['wiki', 'doc']);
    expect(new Set(implementer.results.map((r) => r.tier))).toEqual(new Set(['wiki', 'doc']));
    expect(implementer.results.map((r) => r.key)).toContain('untiered');
    expect(implementer.results.map((r) => r.key)).not.toContain('day-1');

    const researcher = await e.knowledgeRecall({ query: 'sqlite database vacuum', role: 'researcher' });
    expect(researcher.tiers.map((t) => t.tier)).toEqual(['raw', 'reflection', 'doc']);
    expect(researcher.results.map((r) => r.key)).toEqual(expect.arrayContaining(['day-1', 'lesson']));
    expect(researcher.results.map((r) => r.key)).not.toContain('vacuum');
  });

  it("merges by the lanes' raw scores: a strong page of a later tier passes a weak first place of an earlier one", async () => {
    // each tier has a first place in both lanes; only the wiki one is about vacuum
    const r = await e.knowledgeRecall({ query: 'vacuum after deleting rows', role: 'triager' });
    expect(r.tiers.map((t) => t.tier)).toEqual(['doc', 'wiki']);
    expect(r.results[0]!.key).toBe('vacuum');
    expect(r.results[0]!.lanes.lexical!.rank).toBe(1);
  });

  it('reports a tier whose search fails and answers from the others', async () => {
    const search = (tier: string): Promise<SearchResponse> => {
      if (tier === 'doc') return Promise.reject(new Error('the doc tier is unreachable'));
      return e.search({ query: 'vacuum', mode: 'lexical', filters: { tier: [tier as 'wiki'] } });
    };
    const r = await recallByRole({ query: 'vacuum', role: 'reviewer', k: 5 }, search);
    expect(r.tiers).toEqual([
      { tier: 'wiki', state: 'ok', hits: 1, message: null },
      { tier: 'doc', state: 'failed', hits: 0, message: 'the doc tier is unreachable' },
    ]);
    expect(r.results.map((x) => x.key)).toEqual(['vacuum']);
  });

  it('records every answer, so an outcome can be tied to it', async () => {
    const r = await e.knowledgeRecall({ query: 'wal checkpoint', role: 'implementer', agent: 'scout' });
    const { queries } = await e.queryOutcomes({ queryId: r.queryId });
    expect(queries[0]).toMatchObject({ kind: 'recall', query: 'wal checkpoint', agent: 'scout', returned: r.results.map((x) => x.key), outcomes: [] });
  });
});

describe('knowledgeExpert', () => {
  it('canonical pages tagged with the domain, reflections within the window only, earlier outcomes', async () => {
    const first = await e.knowledgeExpert({ domain: 'sqlite' });
    expect(first.wiki.map((p) => p.key).sort()).toEqual(['untiered', 'vacuum']);
    expect(first.reflections.map((p) => p.key)).toEqual(['lesson']);
    expect(first.experts).toEqual([]);
    expect(first.warning).toMatch(/no approved registration matches "sqlite"/);
    await e.recordOutcome({ queryId: first.query_id, outcome: 'partial', usedKeys: ['vacuum'] });
    const again = await e.knowledgeExpert({ domain: 'SQLite', recency_window_days: 3650 });
    expect(again.reflections.map((p) => p.key).sort()).toEqual(['lesson', 'old-lesson']);
    expect(again.prior_outcomes).toMatchObject({ queries: 1, partial: 1 });
  });
});
