// The outcomes repository on a real PostgreSQL, compared with SQLite's on the same queries and outcomes:
// the same events under every filter (a query's text in any ASCII case, as SQLite's NOCASE — in a
// database whose own locale would fold more), newest first, each with its outcomes in order; the
// same totals, and the same count of queries whose outcome another agent said used a page.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import type { OutcomeRepo, QueryFilter } from '../outcomes.ts';
import { addPage, openTwins, unicodeLocaleDatabase, type Twins } from '../../testing/twin-stores.ts';

const ASKED = [
  { id: 'q-1', kind: 'recall' as const, query: 'Été plans', agent: 'scout', sessionId: 's1', at: '2026-01-01T00:00:01.000Z', returned: ['alpha', 'beta'] },
  { id: 'q-2', kind: 'expert' as const, query: 'ÉTÉ PLANS', agent: null, sessionId: null, at: '2026-01-01T00:00:02.000Z', returned: [] },
  { id: 'q-3', kind: 'recall' as const, query: 'été plans', agent: 'mole', sessionId: null, at: '2026-01-01T00:00:02.000Z', returned: ['beta'] },
  { id: 'q-0', kind: 'recall' as const, query: 'Été Plans', agent: 'scout', sessionId: null, at: '2026-01-01T00:00:02.000Z', returned: ['alpha'] },
];
const TOLD = [
  { queryId: 'q-1', outcome: 'success' as const, usedKeys: ['alpha'], note: 'it worked', agent: 'scout', at: '2026-01-01T00:01:00.000Z' },
  { queryId: 'q-1', outcome: 'partial' as const, usedKeys: ['alpha', 'beta'], note: null, agent: 'scout', at: '2026-01-01T00:00:30.000Z' },
  { queryId: 'q-3', outcome: 'failure' as const, usedKeys: ['beta'], note: null, agent: 'mole', at: '2026-01-01T00:02:00.000Z' },
  { queryId: 'q-0', outcome: 'abandoned' as const, usedKeys: ['alpha'], note: null, agent: null, at: '2026-01-01T00:03:00.000Z' },
];

let t: Twins;
const same = async <T>(fn: (o: OutcomeRepo) => Promise<T>) => {
  const [a, b] = await Promise.all(t.both.map((s) => fn(s.outcomes)));
  expect(b).toEqual(a);
  return a!;
};
const sameQueries = (f: Partial<QueryFilter>) => same((o) => o.queries({ limit: 100, ...f }));

describe.skipIf(!pgAdminUrl())('PgOutcomes answers as SQLite does', () => {
  beforeEach(async () => {
    t = await openTwins(await unicodeLocaleDatabase(pgAdminUrl()!));
    await addPage(t, { id: 1, key: 'alpha', title: 'Alpha', chunks: [] });
    await addPage(t, { id: 2, key: 'beta', title: 'Beta', chunks: [] });
  });
  afterEach(async () => t.close());

  it('has no query and no outcome at first', async () => {
    expect(await same((o) => o.asked('q-1'))).toBeNull();
    expect(await same((o) => o.outcomeCount('q-1'))).toBe(0);
    expect(await same((o) => o.anyOutcome())).toBe(false);
    expect(await same((o) => o.totalsFor('anything'))).toEqual({ queries: 0, success: 0, partial: 0, failure: 0, abandoned: 0 });
    expect(await sameQueries({})).toEqual([]);
  });

  it('records queries and outcomes, and reads them back alike', async () => {
    for (const s of t.both) {
      for (const q of ASKED) await s.write((tx) => tx.outcomes.recordAsked(q));
      const ids = [];
      for (const o of TOLD) ids.push(await s.write((tx) => tx.outcomes.recordOutcome(o)));
      expect(ids).toEqual([1, 2, 3, 4]);
    }
    expect(await same((o) => o.asked('q-1'))).toEqual({ agent: 'scout', returned: ['alpha', 'beta'] });
    expect(await same((o) => o.asked('q-2'))).toEqual({ agent: null, returned: [] });
    expect(await same((o) => o.outcomeCount('q-1'))).toBe(2);
    expect(await same((o) => o.anyOutcome())).toBe(true);

    const all = await sameQueries({});
    expect(all.map((q) => q.queryId)).toEqual(['q-0', 'q-2', 'q-3', 'q-1']);
    expect(all[3]!.outcomes.map((o) => o.outcome)).toEqual(['success', 'partial']);
    expect(await sameQueries({ limit: 2 })).toHaveLength(2);
    expect(await sameQueries({ queryId: 'q-3' })).toHaveLength(1);
    expect(await sameQueries({ agent: 'scout' })).toHaveLength(2);
    // NOCASE folds ASCII letters only: "été" is not "Été"
    expect((await sameQueries({ query: 'ÉTé plans' })).map((q) => q.queryId)).toEqual(['q-0', 'q-1']);
    expect(await sameQueries({ query: 'été PLANS' })).toHaveLength(1);

    expect(await same((o) => o.totalsFor('Été PLANS'))).toEqual({ queries: 2, success: 1, partial: 1, failure: 0, abandoned: 1 });
    expect(await same((o) => o.totalsFor('été plans'))).toEqual({ queries: 1, success: 0, partial: 0, failure: 1, abandoned: 0 });
  });

  it('counts the queries whose outcome another agent said used a page, each query once', async () => {
    for (const s of t.both) {
      for (const q of ASKED) await s.write((tx) => tx.outcomes.recordAsked(q));
      for (const o of TOLD) await s.write((tx) => tx.outcomes.recordOutcome(o));
    }
    // alpha: q-1 twice by scout, q-0 by no agent; beta: q-1 by scout, q-3 by mole
    expect(await same((o) => o.usesByOthers(1, 'mole'))).toBe(2);
    expect(await same((o) => o.usesByOthers(1, 'scout'))).toBe(1);
    expect(await same((o) => o.usesByOthers(2, 'mole'))).toBe(1);
    expect(await same((o) => o.usesByOthers(2, ''))).toBe(2);
    expect(await same((o) => o.usesByOthers(3, 'mole'))).toBe(0);
  });

  it('refuses an outcome of a query never asked, on both', async () => {
    for (const s of t.both) await expect(s.write((tx) => tx.outcomes.recordOutcome(TOLD[0]!))).rejects.toThrow();
  });
});
