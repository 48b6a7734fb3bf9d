// Outcome events (in the history file): the recall and expert answers agents got, and what they
// said came of them.
// The interface, implemented once for both stores in common/outcomes.ts.
import type { OutcomeTotals, QueryEvent } from '../../../shared/recall.ts';

/** One answer given: its id is handed to the agent. */
export interface AskedRecord {
  id: string;
  kind: QueryEvent['kind'];
  query: string;
  agent: string | null;
  sessionId: string | null;
  at: string;
  /** Page keys, in order. */
  returned: string[];
}

export type OutcomeRecord = QueryEvent['outcomes'][number] & { queryId: string };

export interface QueryFilter {
  queryId?: string | undefined;
  /** The query's text, in any case. */
  query?: string | undefined;
  agent?: string | undefined;
  limit: number;
}

export interface OutcomeRepo {
  recordAsked(q: AskedRecord): Promise<void>;
  /** Who asked the query and what it returned; null when there is no such query. */
  asked(queryId: string): Promise<Pick<AskedRecord, 'agent' | 'returned'> | null>;
  /** How many outcomes were told of the query. */
  outcomeCount(queryId: string): Promise<number>;
  /** Returns the outcome's id. */
  recordOutcome(o: OutcomeRecord): Promise<number>;
  /** Queries with what came of each, newest first. */
  queries(filter: QueryFilter): Promise<QueryEvent[]>;
  /** What came of every query with this text (any case), counted without reading the answers. */
  totalsFor(query: string): Promise<OutcomeTotals>;
  /** Whether any outcome was ever told (calibration says "no signal" otherwise). */
  anyOutcome(): Promise<boolean>;
  /** Queries whose outcome another agent than `agent` said used the page: each query once. */
  usesByOthers(pageId: number, agent: string): Promise<number>;
}
