// OutcomeRepo over PostgreSQL: query events and their outcomes, tables of the same database as
// the index. Returned and used keys are JSON arrays in text, as in SQLite.
import type { OutcomeTotals, QueryEvent } from '../../../../shared/recall.ts';
import { queryEvent, type AskedRecord, type OutcomeRecord, type OutcomeRepo, type OutcomeRow, type QueryEventRow, type QueryFilter } from '../outcomes.ts';
import type { Sql } from './sql.ts';

/** An outcome with the query it answers, as the batch read returns it. */
type OutcomeOfQuery = OutcomeRow & { query_id: string };

/** SQLite's `COLLATE NOCASE` (ASCII letters only): lower() under "C" on both sides. */
const sameQuery = (column: string) => `lower(${column}) = lower(?::text COLLATE "C")`;

export class PgOutcomes implements OutcomeRepo {
  constructor(private readonly sql: Sql) {}

  async recordAsked(q: AskedRecord): Promise<void> {
    await this.sql.run(`INSERT INTO query_events (id, kind, query, agent, session_id, at, returned) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      q.id,
      q.kind,
      q.query,
      q.agent,
      q.sessionId,
      q.at,
      JSON.stringify(q.returned),
    ]);
  }

  async asked(queryId: string): Promise<Pick<AskedRecord, 'agent' | 'returned'> | null> {
    const row = await this.sql.one<{ returned: string; agent: string | null }>(`SELECT returned, agent FROM query_events WHERE id = ?`, [queryId]);
    return row ? { agent: row.agent, returned: JSON.parse(row.returned) as string[] } : null;
  }

  async outcomeCount(queryId: string): Promise<number> {
    return (await this.sql.value<number>(`SELECT count(*) FROM query_outcomes WHERE query_id = ?`, [queryId]))!;
  }

  async recordOutcome(o: OutcomeRecord): Promise<number> {
    const id = await this.sql.value<number>(
      `INSERT INTO query_outcomes (query_id, outcome, used_keys, note, agent, at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
      [o.queryId, o.outcome, JSON.stringify(o.usedKeys), o.note, o.agent, o.at],
    );
    return id!;
  }

  async queries(f: QueryFilter): Promise<QueryEvent[]> {
    const events = await this.sql.rows<QueryEventRow>(
      `SELECT * FROM query_events
       WHERE (?::text IS NULL OR id = ?) AND (?::text IS NULL OR ${sameQuery('query')}) AND (?::text IS NULL OR agent = ?)
       ORDER BY at DESC, id LIMIT ?`,
      [f.queryId ?? null, f.queryId ?? null, f.query ?? null, f.query ?? null, f.agent ?? null, f.agent ?? null, f.limit],
    );
    const outcomes = await this.outcomesOf(events.map((e) => e.id));
    return events.map((e) => queryEvent(e, outcomes.get(e.id) ?? []));
  }

  /** The outcomes of these queries, each query's in the order they were told: one round trip for all. */
  private async outcomesOf(queryIds: string[]): Promise<Map<string, OutcomeOfQuery[]>> {
    const byQuery = new Map<string, OutcomeOfQuery[]>();
    if (queryIds.length === 0) return byQuery;
    const rows = await this.sql.rows<OutcomeOfQuery>(
      `SELECT query_id, outcome, used_keys, note, agent, at FROM query_outcomes WHERE query_id = ANY(?::text[]) ORDER BY id`,
      [queryIds],
    );
    for (const r of rows) byQuery.set(r.query_id, [...(byQuery.get(r.query_id) ?? []), r]);
    return byQuery;
  }

  async totalsFor(query: string): Promise<OutcomeTotals> {
    return (await this.sql.one<OutcomeTotals>(
      `SELECT count(DISTINCT e.id) AS queries, count(o.id) FILTER (WHERE o.outcome = 'success') AS success,
         count(o.id) FILTER (WHERE o.outcome = 'partial') AS partial, count(o.id) FILTER (WHERE o.outcome = 'failure') AS failure,
         count(o.id) FILTER (WHERE o.outcome = 'abandoned') AS abandoned
       FROM query_events e LEFT JOIN query_outcomes o ON o.query_id = e.id
       WHERE ${sameQuery('e.query')}`,
      [query],
    ))!;
  }

  async anyOutcome(): Promise<boolean> {
    return (await this.sql.value<boolean>(`SELECT EXISTS (SELECT 1 FROM query_outcomes)`))!;
  }

  /** The pages table is the index's: the history keeps keys, the index knows which page has one. */
  async usesByOthers(pageId: number, agent: string): Promise<number> {
    return (await this.sql.value<number>(
      `SELECT count(DISTINCT o.query_id) FROM query_outcomes o CROSS JOIN LATERAL json_array_elements_text(o.used_keys::json) AS k(value)
       JOIN pages p ON p.key = k.value
       WHERE p.id = ? AND coalesce(o.agent, '') <> ?`,
      [pageId, agent],
    ))!;
  }
}
