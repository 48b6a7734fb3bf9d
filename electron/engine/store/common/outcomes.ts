// OutcomeRepo written once: the recall and expert answers agents got (query events) and what they
// said came of them. In SQLite the tables are in the history file, found unqualified
// (sqlite/history.ts); in PostgreSQL they sit beside the index's. Kept keys are JSON arrays in text.
import { sql, type Generated, type Selectable } from 'kysely';
import type { OutcomeTotals, QueryEvent } from '../../../../shared/recall.ts';
import type { AskedRecord, OutcomeRecord, OutcomeRepo, QueryFilter } from '../outcomes.ts';
import type { Query } from './query.ts';

export interface OutcomeTables {
  query_events: {
    id: string;
    kind: QueryEvent['kind'];
    query: string;
    agent: string | null;
    session_id: string | null;
    at: string;
    /** JSON array of page keys, in order */
    returned: string;
  };
  query_outcomes: {
    id: Generated<number>;
    query_id: string;
    outcome: QueryEvent['outcomes'][number]['outcome'];
    /** JSON array of page keys */
    used_keys: string;
    note: string | null;
    agent: string | null;
    at: string;
  };
}

type EventRow = Selectable<OutcomeTables['query_events']>;
type OutcomeRow = Pick<Selectable<OutcomeTables['query_outcomes']>, 'query_id' | 'outcome' | 'used_keys' | 'note' | 'agent' | 'at'>;

const keys = (json: string) => JSON.parse(json) as string[];

function queryEvent(e: EventRow, outcomes: readonly OutcomeRow[]): QueryEvent {
  return {
    queryId: e.id,
    kind: e.kind,
    query: e.query,
    agent: e.agent,
    sessionId: e.session_id,
    at: e.at,
    returned: keys(e.returned),
    outcomes: outcomes.map((o) => ({ outcome: o.outcome, usedKeys: keys(o.used_keys), note: o.note, agent: o.agent, at: o.at })),
  };
}

export class Outcomes implements OutcomeRepo {
  constructor(private readonly q: Query) {}

  async recordAsked(a: AskedRecord): Promise<void> {
    await this.q.db
      .insertInto('query_events')
      .values({ id: a.id, kind: a.kind, query: a.query, agent: a.agent, session_id: a.sessionId, at: a.at, returned: JSON.stringify(a.returned) })
      .execute();
  }

  async asked(queryId: string): Promise<Pick<AskedRecord, 'agent' | 'returned'> | null> {
    const row = await this.q.db.selectFrom('query_events').select(['returned', 'agent']).where('id', '=', queryId).executeTakeFirst();
    return row ? { agent: row.agent, returned: keys(row.returned) } : null;
  }

  async outcomeCount(queryId: string): Promise<number> {
    const row = await this.q.db
      .selectFrom('query_outcomes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('query_id', '=', queryId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async recordOutcome(o: OutcomeRecord): Promise<number> {
    const row = await this.q.db
      .insertInto('query_outcomes')
      .values({ query_id: o.queryId, outcome: o.outcome, used_keys: JSON.stringify(o.usedKeys), note: o.note, agent: o.agent, at: o.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async queries(f: QueryFilter): Promise<QueryEvent[]> {
    let events = this.q.db.selectFrom('query_events').selectAll();
    if (f.queryId !== undefined) events = events.where('id', '=', f.queryId);
    if (f.query !== undefined) events = events.where(this.q.dialect.sameText(sql.ref('query'), sql.val(f.query)));
    if (f.agent !== undefined) events = events.where('agent', '=', f.agent);
    const rows = await events.orderBy('at', 'desc').orderBy('id').limit(f.limit).execute();
    const outcomes = await this.outcomesOf(rows.map((e) => e.id));
    return rows.map((e) => queryEvent(e, outcomes.get(e.id) ?? []));
  }

  /** The outcomes of these queries, each query's in the order they were told: one round trip for all. */
  private async outcomesOf(queryIds: string[]): Promise<Map<string, OutcomeRow[]>> {
    const byQuery = new Map<string, OutcomeRow[]>();
    if (queryIds.length === 0) return byQuery;
    const rows = await this.q.db
      .selectFrom('query_outcomes')
      .select(['query_id', 'outcome', 'used_keys', 'note', 'agent', 'at'])
      .where('query_id', 'in', queryIds)
      .orderBy('id')
      .execute();
    for (const r of rows) byQuery.set(r.query_id, [...(byQuery.get(r.query_id) ?? []), r]);
    return byQuery;
  }

  async totalsFor(query: string): Promise<OutcomeTotals> {
    const counted = (outcome: string) => sql<number>`count(o.id) FILTER (WHERE o.outcome = ${outcome})`;
    const row = await this.q.db
      .selectFrom('query_events as e')
      .leftJoin('query_outcomes as o', 'o.query_id', 'e.id')
      .select([
        sql<number>`count(DISTINCT e.id)`.as('queries'),
        counted('success').as('success'),
        counted('partial').as('partial'),
        counted('failure').as('failure'),
        counted('abandoned').as('abandoned'),
      ])
      .where(this.q.dialect.sameText(sql.ref('e.query'), sql.val(query)))
      .executeTakeFirstOrThrow();
    return {
      queries: Number(row.queries),
      success: Number(row.success),
      partial: Number(row.partial),
      failure: Number(row.failure),
      abandoned: Number(row.abandoned),
    };
  }

  async anyOutcome(): Promise<boolean> {
    return (await this.q.db.selectFrom('query_outcomes').select('id').limit(1).executeTakeFirst()) !== undefined;
  }

  /** The pages table is the index's: the history keeps keys, the index knows which page has one. */
  async usesByOthers(pageId: number, agent: string): Promise<number> {
    const row = await this.q.db
      .selectFrom('query_outcomes as o')
      .innerJoin(this.q.dialect.jsonValues(sql.ref('o.used_keys')).as('k'), (j) => j.onTrue())
      .innerJoin('pages as p', 'p.key', 'k.value')
      .select(sql<number>`count(DISTINCT o.query_id)`.as('n'))
      .where('p.id', '=', pageId)
      .where(sql<boolean>`coalesce(o.agent, '') <> ${agent}`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
