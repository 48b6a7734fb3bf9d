// Outcome events: every recall and expert answer given to an agent (what it returned, to whom),
// and what the agent later said came of it. They tell which write-ups actually help, which is
// what the skill registry's calibration shows beside self-assessed levels. No page holds them, so
// they live in the history file (store/sqlite/history.ts), not in the index a rebuild replaces.
import { randomBytes } from 'node:crypto';
import type { Parsed } from '../../../shared/dispatch.ts';
import { CairnError, NotFound } from '../../../shared/errors.ts';
import { type OutcomeTotals, type QueryEvent, type QueryOutcomesResponse } from '../../../shared/recall.ts';
import type { Store } from '../store/store.ts';

export interface AskedQuery {
  kind: 'recall' | 'expert';
  query: string;
  agent: string | null;
  sessionId: string | null;
  returned: string[];
}

export async function recordQuery(store: Store, q: AskedQuery): Promise<string> {
  const id = `q-${randomBytes(8).toString('hex')}`;
  await store.write((tx) => tx.outcomes.recordAsked({ id, ...q, at: new Date().toISOString() }));
  return id;
}

/** What came of one answer may be told again as it changes (partial, then success), a few times, not without end. */
export const MAX_OUTCOMES_PER_QUERY = 10;

export async function recordOutcome(store: Store, r: Parsed<'recordOutcome'>): Promise<{ id: number; queryId: string }> {
  const id = await store.write(async (tx) => {
    const asked = await tx.outcomes.asked(r.queryId);
    if (asked === null) throw new NotFound(`no query "${r.queryId}": pass the queryId a recall or expert call returned`);
    // an agent reports on its own queries only: another's outcome would speak for it (and for whose write-ups help)
    if (r.agent && asked.agent !== r.agent)
      throw new CairnError(
        'forbidden',
        `query ${r.queryId} was asked by ${asked.agent ? `agent "${asked.agent}"` : 'a person'}, not agent "${r.agent}": record outcomes of your own queries`,
      );
    const said = await tx.outcomes.outcomeCount(r.queryId);
    if (said >= MAX_OUTCOMES_PER_QUERY)
      throw new CairnError('conflict', `query ${r.queryId} already has ${said} outcomes, the most one query keeps: ask again for a new queryId`);
    const offered = new Set(asked.returned);
    const strange = r.usedKeys.filter((k) => !offered.has(k));
    if (strange.length) throw new NotFound(`query ${r.queryId} did not return ${strange.map((k) => `"${k}"`).join(', ')}: usedKeys name pages from its answer`);
    return tx.outcomes.recordOutcome({
      queryId: r.queryId,
      outcome: r.outcome,
      usedKeys: r.usedKeys,
      note: r.note ?? null,
      agent: r.agent ?? null,
      at: new Date().toISOString(),
    });
  });
  return { id, queryId: r.queryId };
}

export async function queryOutcomes(store: Store, r: Parsed<'queryOutcomes'>): Promise<QueryOutcomesResponse> {
  const queries = await store.outcomes.queries({ queryId: r.queryId, query: r.domain, agent: r.agent, limit: r.limit });
  return { queries, totals: totals(queries), pages: pageUse(queries) };
}

function totals(queries: QueryEvent[]): OutcomeTotals {
  const t: OutcomeTotals = { queries: queries.length, success: 0, partial: 0, failure: 0, abandoned: 0 };
  for (const q of queries) for (const o of q.outcomes) t[o.outcome]++;
  return t;
}

function pageUse(queries: QueryEvent[]): QueryOutcomesResponse['pages'] {
  const use = new Map<string, { key: string; returned: number; used: number }>();
  const at = (key: string) => use.get(key) ?? use.set(key, { key, returned: 0, used: 0 }).get(key)!;
  for (const q of queries) {
    for (const key of new Set(q.returned)) at(key).returned++;
    for (const key of new Set(q.outcomes.flatMap((o) => o.usedKeys))) at(key).used++;
  }
  return [...use.values()].sort((a, b) => b.used - a.used || b.returned - a.returned || a.key.localeCompare(b.key));
}
