// What agents ask the wiki beyond one search: recall by role (a search per tier, merged), who the
// experts for a domain are with what the wiki holds on it, and what came of earlier answers
// (outcome events, which feed the skill registry's calibration).
import { z } from 'zod';
import { TIERS, PageSummary } from './page.ts';
import { MAX_QUERY_CHARS, SearchResult } from './search.ts';
import { AgentName, Expert } from './skills.ts';

export const Tier = z.enum(TIERS);
export type Tier = z.infer<typeof Tier>;

export const ROLES = ['researcher', 'planner', 'implementer', 'reviewer', 'triager'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Which tiers each role reads, in the order they are searched: raw notes help a researcher,
 * an implementer wants the canonical pages. */
export const ROLE_TIERS: Record<Role, readonly Tier[]> = {
  researcher: ['raw', 'reflection', 'doc'],
  planner: ['reflection', 'wiki', 'doc'],
  implementer: ['wiki', 'doc'],
  reviewer: ['wiki', 'doc'],
  triager: ['doc', 'wiki'],
};

const Asker = AgentName.nullable().optional().describe('who asks: set by the agent doors from their identity, recorded with the query');
const QueryId = z.string().regex(/^q-[0-9a-f]{16}$/, 'a query id as recall or expert returned it (q- and 16 hex digits)');

export const RecallRequest = z.object({
  query: z.string().min(1).max(MAX_QUERY_CHARS),
  role: Role.default('implementer'),
  k: z.number().int().min(1).max(50).default(8).describe('results in all'),
  agent: Asker,
});

export const TierOutcome = z.object({
  tier: Tier,
  state: z.enum(['ok', 'failed']),
  hits: z.number().int(),
  message: z.string().nullable().describe('why the tier failed; the other tiers still answer'),
});

export const RecallResult = SearchResult.extend({ tier: Tier.describe('the tier whose search found it') });
export type RecallResult = z.infer<typeof RecallResult>;

export const RecallResponse = z.object({
  queryId: QueryId.describe('pass it to recordOutcome once you know whether the answer helped'),
  query: z.string(),
  role: Role,
  tiers: z.array(TierOutcome),
  results: z.array(RecallResult),
});
export type RecallResponse = z.infer<typeof RecallResponse>;

export const OUTCOMES = ['success', 'partial', 'failure', 'abandoned'] as const;
export const OutcomeKind = z.enum(OUTCOMES);

export const OutcomeTotals = z.object({
  queries: z.number().int(),
  success: z.number().int(),
  partial: z.number().int(),
  failure: z.number().int(),
  abandoned: z.number().int(),
});
export type OutcomeTotals = z.infer<typeof OutcomeTotals>;

/** Field names as the knowledge API spells them, so agents written for it call this unchanged. */
export const KnowledgeExpertRequest = z.object({
  domain: z.string().min(1).max(500),
  limit: z.number().int().min(1).max(50).default(5),
  recency_window_days: z.number().int().min(1).max(3650).default(30).describe('reflections updated within this many days'),
  path_prefix: z.string().min(1).max(500).optional(),
  session_id: z.string().min(1).max(200).optional().describe('your session, recorded with the query'),
  agent: Asker,
});

export const KnowledgeExpertResponse = z.object({
  query_id: QueryId,
  domain: z.string(),
  experts: z.array(Expert),
  wiki: z.array(PageSummary).describe('canonical pages tagged with the domain'),
  reflections: z.array(PageSummary.extend({ updated: z.string().nullable() })).describe('reflections on the domain within the window'),
  prior_outcomes: OutcomeTotals.describe('what came of earlier queries on this domain'),
  warning: z.string().nullable().describe('why nothing matched, when nothing did: not an error'),
});
export type KnowledgeExpertResponse = z.infer<typeof KnowledgeExpertResponse>;

export const RecordOutcomeRequest = z.object({
  queryId: QueryId,
  outcome: OutcomeKind,
  usedKeys: z.array(z.string().min(1).max(1000)).max(100).default([]).describe('the returned pages that helped'),
  note: z.string().max(2000).optional(),
  agent: Asker,
});

export const RecordOutcomeResponse = z.object({ id: z.number().int(), queryId: QueryId });

export const QueryOutcomesRequest = z.object({
  queryId: QueryId.optional(),
  domain: z.string().min(1).max(500).optional().describe('queries whose text is this (expert domains, recall queries)'),
  agent: AgentName.optional().describe('queries this agent asked'),
  limit: z.number().int().min(1).max(500).default(50),
});

export const QueryEvent = z.object({
  queryId: QueryId,
  kind: z.enum(['recall', 'expert']),
  query: z.string(),
  agent: z.string().nullable(),
  sessionId: z.string().nullable(),
  at: z.string(),
  returned: z.array(z.string()).describe('page keys it answered with, in order'),
  outcomes: z.array(
    z.object({ outcome: OutcomeKind, usedKeys: z.array(z.string()), note: z.string().nullable(), agent: z.string().nullable(), at: z.string() }),
  ),
});
export type QueryEvent = z.infer<typeof QueryEvent>;

export const QueryOutcomesResponse = z.object({
  queries: z.array(QueryEvent),
  totals: OutcomeTotals,
  pages: z
    .array(z.object({ key: z.string(), returned: z.number().int(), used: z.number().int() }))
    .describe('per page: how often answers returned it and how often an outcome said it was used'),
});
export type QueryOutcomesResponse = z.infer<typeof QueryOutcomesResponse>;
