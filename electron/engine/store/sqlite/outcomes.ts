// OutcomeRepo over the SQLite index: its statements are prepared once per connection. The tables
// are in the history file (store/history.ts), found unqualified.
import type { OutcomeTotals, QueryEvent } from '../../../../shared/recall.ts';
import type { Db } from './database.ts';
import { queryEvent, type AskedRecord, type OutcomeRecord, type OutcomeRepo, type OutcomeRow, type QueryEventRow, type QueryFilter } from '../outcomes.ts';
import { statementsOf } from './statements.ts';

const statements = (db: Db) => ({
  recordAsked: db.prepare(`INSERT INTO query_events (id, kind, query, agent, session_id, at, returned) VALUES (?, ?, ?, ?, ?, ?, ?)`),
  asked: db.prepare(`SELECT returned, agent FROM query_events WHERE id = ?`),
  outcomeCount: db.prepare(`SELECT count(*) AS n FROM query_outcomes WHERE query_id = ?`),
  recordOutcome: db.prepare(`INSERT INTO query_outcomes (query_id, outcome, used_keys, note, agent, at) VALUES (?, ?, ?, ?, ?, ?)`),
  queries: db.prepare(
    `SELECT * FROM query_events
     WHERE (@id IS NULL OR id = @id) AND (@query IS NULL OR query = @query COLLATE NOCASE) AND (@agent IS NULL OR agent = @agent)
     ORDER BY at DESC, id LIMIT @limit`,
  ),
  outcomesOf: db.prepare(`SELECT outcome, used_keys, note, agent, at FROM query_outcomes WHERE query_id = ? ORDER BY id`),
  totalsFor: db.prepare(
    `SELECT count(DISTINCT e.id) AS queries, count(o.id) FILTER (WHERE o.outcome = 'success') AS success,
       count(o.id) FILTER (WHERE o.outcome = 'partial') AS partial, count(o.id) FILTER (WHERE o.outcome = 'failure') AS failure,
       count(o.id) FILTER (WHERE o.outcome = 'abandoned') AS abandoned
     FROM query_events e LEFT JOIN query_outcomes o ON o.query_id = e.id
     WHERE e.query = ? COLLATE NOCASE`,
  ),
  anyOutcome: db.prepare(`SELECT EXISTS (SELECT 1 FROM query_outcomes) AS yes`),
  // the pages table is the index's: the history keeps keys, the index knows which page has one
  usesByOthers: db.prepare(
    `SELECT count(DISTINCT o.query_id) AS n FROM query_outcomes o, json_each(o.used_keys) k JOIN pages p ON p.key = k.value
     WHERE p.id = @page AND coalesce(o.agent, '') != @agent`,
  ),
});

export class SqliteOutcomes implements OutcomeRepo {
  constructor(private readonly db: Db) {}

  private get sql() {
    return statementsOf(this.db, statements);
  }

  async recordAsked(q: AskedRecord): Promise<void> {
    this.sql.recordAsked.run(q.id, q.kind, q.query, q.agent, q.sessionId, q.at, JSON.stringify(q.returned));
  }

  async asked(queryId: string): Promise<Pick<AskedRecord, 'agent' | 'returned'> | null> {
    const row = this.sql.asked.get(queryId) as { returned: string; agent: string | null } | undefined;
    return row ? { agent: row.agent, returned: JSON.parse(row.returned) as string[] } : null;
  }

  async outcomeCount(queryId: string): Promise<number> {
    return (this.sql.outcomeCount.get(queryId) as { n: number }).n;
  }

  async recordOutcome(o: OutcomeRecord): Promise<number> {
    return Number(this.sql.recordOutcome.run(o.queryId, o.outcome, JSON.stringify(o.usedKeys), o.note, o.agent, o.at).lastInsertRowid);
  }

  async queries(f: QueryFilter): Promise<QueryEvent[]> {
    const rows = this.sql.queries.all({ id: f.queryId ?? null, query: f.query ?? null, agent: f.agent ?? null, limit: f.limit }) as QueryEventRow[];
    return rows.map((e) => queryEvent(e, this.sql.outcomesOf.all(e.id) as OutcomeRow[]));
  }

  async totalsFor(query: string): Promise<OutcomeTotals> {
    return this.sql.totalsFor.get(query) as OutcomeTotals;
  }

  async anyOutcome(): Promise<boolean> {
    return (this.sql.anyOutcome.get() as { yes: number }).yes === 1;
  }

  async usesByOthers(pageId: number, agent: string): Promise<number> {
    return (this.sql.usesByOthers.get({ page: pageId, agent }) as { n: number }).n;
  }
}
