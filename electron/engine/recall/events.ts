// Outcome events: every recall and expert answer given to an agent (what it returned, to whom),
// and what the agent later said came of it. They tell which write-ups actually help, which is
// what the skill registry's calibration shows beside self-assessed levels. No page holds them, so
// they live in the history file (store/history.ts), not in the index a rebuild replaces.
import { randomBytes } from 'node:crypto';
import type { Parsed } from '../../../shared/dispatch.ts';
import { CairnError, NotFound } from '../../../shared/errors.ts';
import { type OutcomeTotals, type QueryEvent, type QueryOutcomesResponse } from '../../../shared/recall.ts';
import type { Db } from '../store/database.ts';
import { writeTransaction } from '../store/sqlite/sqlite-store.ts';

export interface AskedQuery {
  kind: 'recall' | 'expert';
  query: string;
  agent: string | null;
  sessionId: string | null;
  returned: string[];
}

export async function recordQuery(db: Db, q: AskedQuery): Promise<string> {
  const id = `q-${randomBytes(8).toString('hex')}`;
  await writeTransaction(db, () =>
    db
      .prepare(`INSERT INTO query_events (id, kind, query, agent, session_id, at, returned) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .run(id, q.kind, q.query, q.agent, q.sessionId, new Date().toISOString(), JSON.stringify(q.returned)),
  );
  return id;
}

/** What came of one answer may be told again as it changes (partial, then success), a few times, not without end. */
export const MAX_OUTCOMES_PER_QUERY = 10;

export async function recordOutcome(db: Db, r: Parsed<'recordOutcome'>): Promise<{ id: number; queryId: string }> {
  const id = await writeTransaction(db, () => {
    const asked = db.prepare(`SELECT returned, agent FROM query_events WHERE id = ?`).get(r.queryId) as { returned: string; agent: string | null } | undefined;
    if (asked === undefined) throw new NotFound(`no query "${r.queryId}": pass the queryId a recall or expert call returned`);
    // an agent reports on its own queries only: another's outcome would speak for it (and for whose write-ups help)
    if (r.agent && asked.agent !== r.agent) throw new CairnError('forbidden', `query ${r.queryId} was asked by ${asked.agent ? `agent "${asked.agent}"` : 'a person'}, not agent "${r.agent}": record outcomes of your own queries`);
    const said = db.prepare(`SELECT count(*) FROM query_outcomes WHERE query_id = ?`).pluck().get(r.queryId) as number;
    if (said >= MAX_OUTCOMES_PER_QUERY) throw new CairnError('conflict', `query ${r.queryId} already has ${said} outcomes, the most one query keeps: ask again for a new queryId`);
    const offered = new Set(JSON.parse(asked.returned) as string[]);
    const strange = r.usedKeys.filter((k) => !offered.has(k));
    if (strange.length) throw new NotFound(`query ${r.queryId} did not return ${strange.map((k) => `"${k}"`).join(', ')}: usedKeys name pages from its answer`);
    return Number(
      db
        .prepare(`INSERT INTO query_outcomes (query_id, outcome, used_keys, note, agent, at) VALUES (?, ?, ?, ?, ?, ?)`)
        .run(r.queryId, r.outcome, JSON.stringify(r.usedKeys), r.note ?? null, r.agent ?? null, new Date().toISOString()).lastInsertRowid,
    );
  });
  return { id, queryId: r.queryId };
}

interface EventRow {
  id: string;
  kind: 'recall' | 'expert';
  query: string;
  agent: string | null;
  session_id: string | null;
  at: string;
  returned: string;
}

export function queryOutcomes(db: Db, r: Parsed<'queryOutcomes'>): QueryOutcomesResponse {
  const rows = db
    .prepare(
      `SELECT * FROM query_events
       WHERE (@id IS NULL OR id = @id) AND (@query IS NULL OR query = @query COLLATE NOCASE) AND (@agent IS NULL OR agent = @agent)
       ORDER BY at DESC, id LIMIT @limit`,
    )
    .all({ id: r.queryId ?? null, query: r.domain ?? null, agent: r.agent ?? null, limit: r.limit }) as EventRow[];
  const outcomesOf = db.prepare(`SELECT outcome, used_keys, note, agent, at FROM query_outcomes WHERE query_id = ? ORDER BY id`);
  const queries: QueryEvent[] = rows.map((e) => ({
    queryId: e.id,
    kind: e.kind,
    query: e.query,
    agent: e.agent,
    sessionId: e.session_id,
    at: e.at,
    returned: JSON.parse(e.returned) as string[],
    outcomes: (outcomesOf.all(e.id) as { outcome: QueryEvent['outcomes'][number]['outcome']; used_keys: string; note: string | null; agent: string | null; at: string }[]).map((o) => ({
      outcome: o.outcome,
      usedKeys: JSON.parse(o.used_keys) as string[],
      note: o.note,
      agent: o.agent,
      at: o.at,
    })),
  }));
  return { queries, totals: totals(queries), pages: pageUse(queries) };
}

/** What came of earlier queries with this text (an expert domain asked before): counted in SQL,
 * every one of them, without reading their answers. */
export function priorOutcomes(db: Db, query: string): OutcomeTotals {
  return db
    .prepare(
      `SELECT count(DISTINCT e.id) AS queries, count(o.id) FILTER (WHERE o.outcome = 'success') AS success,
         count(o.id) FILTER (WHERE o.outcome = 'partial') AS partial, count(o.id) FILTER (WHERE o.outcome = 'failure') AS failure,
         count(o.id) FILTER (WHERE o.outcome = 'abandoned') AS abandoned
       FROM query_events e LEFT JOIN query_outcomes o ON o.query_id = e.id
       WHERE e.query = ? COLLATE NOCASE`,
    )
    .get(query) as OutcomeTotals;
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
