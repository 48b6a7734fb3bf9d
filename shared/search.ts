// Search requests and their explained answers: every result says, lane by lane, why it ranked
// where it did, so the app can draw the fusion and re-rank it client-side.
import { z } from 'zod';
import { Scope, TIERS } from './page.ts';

/** The lanes that read the query's text; each can also run alone as a search mode. */
export const TEXT_LANES = ['lexical', 'semantic', 'token'] as const;
/** `graph` ranks the pages linked to the text lanes' strongest hits, so it runs only in a hybrid search. */
export const LANES = [...TEXT_LANES, 'graph'] as const;
export const Lane = z.enum(LANES);
export type Lane = z.infer<typeof Lane>;

export const MODES = ['hybrid', ...TEXT_LANES] as const;
export const Mode = z.enum(MODES);
export type Mode = z.infer<typeof Mode>;

export const Fusion = z.enum(['rrf', 'convex']);
export type Fusion = z.infer<typeof Fusion>;

/**
 * The graph lane's weight when a request does not say. It belongs to no embedding model (links
 * are the wiki's, not the model's), so model cards may leave it out. Measured on a labelled
 * one-hop question set over foam-docs and on SciFact train: README, Benchmarks.
 */
export const GRAPH_WEIGHT_DEFAULT = 0.6;

const Weight = z.number().min(0).max(100);
/** A request's weights: any lane it names, the rest from the defaults. */
export const RequestWeights = z.object({ lexical: Weight, semantic: Weight, token: Weight, graph: Weight }).partial();
export const LaneWeights = z.object({ lexical: Weight, semantic: Weight, token: Weight, graph: Weight.default(GRAPH_WEIGHT_DEFAULT) });
export type LaneWeights = z.infer<typeof LaneWeights>;

/** How lanes are fused by default; each embedding model carries the values measured best with it. */
export const FusionDefaults = z.object({ fusion: Fusion, weights: LaneWeights, rrfK: z.number().positive() });
export type FusionDefaults = z.infer<typeof FusionDefaults>;

/** Whether intent weighting is on when a request does not say (measured on SciFact train: README, Benchmarks). */
export const INTENT_DEFAULT = false;

export const INTENT_ACTIONS = ['search', 'create', 'fix', 'explain', 'compare'] as const;
export const INTENT_TARGETS = ['knowledge', 'code', 'database', 'git', 'config'] as const;

/** What the query asks for, and how that changed the lane weights before fusion. */
export const SearchIntent = z.object({
  action: z.enum(INTENT_ACTIONS).nullable(),
  target: z.enum(INTENT_TARGETS).nullable(),
  keywords: z.array(z.string()),
  adjusted: z.partialRecord(Lane, z.number()).describe('the factor each adjusted lane weight was multiplied by'),
  because: z.string().describe('the rules that fired, in words; empty when none did'),
});
export type SearchIntent = z.infer<typeof SearchIntent>;

/** The diversity step: results re-ordered after fusion by maximal marginal relevance. */
export const MmrStep = z.object({
  lambda: z.number(),
  pool: z.number().int().describe('how many fused candidates MMR chose from'),
  similarity: z.enum(['terms']).describe('how page similarity was measured: Jaccard over page terms'),
});
export type MmrStep = z.infer<typeof MmrStep>;

export const MAX_QUERY_CHARS = 2000;
export const MAX_RESULTS = 200;

/** Filters become SQL parameters: these bounds keep any request far inside SQLite's limits. */
export const MAX_FILTER_TAGS = 32;
const FILTER_TEXT = 500;

export const SearchFilters = z.object({
  tags: z
    .array(z.string().min(1).max(FILTER_TEXT))
    .max(MAX_FILTER_TAGS)
    .optional()
    .describe('pages having every one of these tags, or a tag nested under it (`project` matches `project/alpha`), frontmatter or inline #tag'),
  agent: z.string().min(1).max(FILTER_TEXT).optional().describe('search as this agent: its own pages shadow global ones'),
  scope: z.enum(['global', 'user', 'all']).optional(),
  tier: z.array(z.enum(TIERS)).max(TIERS.length).optional().describe('pages of these tiers; a page without a tier counts as wiki'),
  pathPrefix: z.string().min(1).max(FILTER_TEXT).optional(),
  updatedAfter: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-01-31')
    .optional(),
  updatedBefore: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-01-31')
    .optional(),
});
export type SearchFilters = z.infer<typeof SearchFilters>;

/** Whether the filters narrow a search at all (an empty list narrows nothing): a narrowed lane
 * ranks within the filter, or fetches more before filtering, so it never comes up short. */
export function narrows(f: SearchFilters): boolean {
  return Object.values(f).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
}

/** How many of the fused results a reranker reads: a cross-encoder runs once per pair, so it sees the head of the list only. */
export const RERANK_DEPTH = 30;

export const SearchRequest = z.object({
  query: z
    .string()
    .max(MAX_QUERY_CHARS, `the query is longer than ${MAX_QUERY_CHARS} characters: search for its key words instead`)
    .describe('free text; any text is valid, operators are taken literally'),
  mode: Mode.default('hybrid'),
  k: z.number().int().min(1).max(MAX_RESULTS).default(10).describe('how many results'),
  fusion: Fusion.optional().describe("default: the embedding model's"),
  weights: RequestWeights.optional().describe(`default: the embedding model's; graph ${GRAPH_WEIGHT_DEFAULT}`),
  rrfK: z.number().min(1).max(10_000).optional(),
  filters: SearchFilters.default({}),
  intent: z
    .boolean()
    .optional()
    .describe(
      `adjust the lane weights to the query's intent (action and target), reported in the answer's \`intent\`; default ${INTENT_DEFAULT ? 'on' : 'off'}`,
    ),
  mmr: z
    .object({ lambda: z.number().min(0).max(1).describe('1: relevance only; 0: novelty only') })
    .optional()
    .describe('re-rank after fusion for diversity (maximal marginal relevance); absent: off'),
  rerank: z
    .boolean()
    .optional()
    .describe(`hybrid mode: let the installed reranker (a cross-encoder) order the top ${RERANK_DEPTH} fused results; default on when one is installed`),
});
export type SearchRequest = z.input<typeof SearchRequest>;

export const LaneHit = z.object({
  rank: z.number().int().nullable().describe('1-based rank in this lane, null when the lane did not find it'),
  score: z.number().nullable().describe("the lane's raw score (bm25 negated, cosine, overlap)"),
  normalized: z.number().nullable().describe('min-max normalized over the candidates (convex fusion)'),
  contribution: z.number().describe('what this lane added to the fused score'),
});
export type LaneHit = z.infer<typeof LaneHit>;

/** How the graph lane reached a page: a strong hit of the text lanes one step from it. */
export const GraphVia = z.object({
  seed: z.string().describe('the key of the strong hit'),
  edge: z
    .enum(['link', 'backlink', 'concept'])
    .describe('link: the hit links to this page; backlink: this page links to the hit; concept: both name or mention it'),
  concept: z.string().optional(),
});
export type GraphVia = z.infer<typeof GraphVia>;

export const SearchResult = z.object({
  key: z.string(),
  path: z.string(),
  root: z.string(),
  scope: Scope,
  title: z.string(),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
  hash: z.string().describe("sha1 of the page's file as indexed: send it back as baseHash when you write the page"),
  score: z.number(),
  heading: z.string().nullable().describe('the best-matching section'),
  line: z.number().int().describe('line of that section'),
  snippet: z.string(),
  always: z.boolean().describe('usage_mode: always: must be surfaced'),
  lanesMatched: z.number().int(),
  lanes: z.partialRecord(Lane, LaneHit),
  graphVia: z.array(GraphVia).optional().describe('present when the graph lane found this page'),
  mmr: z
    .object({
      fusedRank: z.number().int().describe('1-based rank after fusion, before MMR'),
      similarity: z.number().describe('largest similarity to a result ranked above it (the novelty penalty)'),
    })
    .optional()
    .describe('present when the MMR step ran'),
  rerank: z
    .object({
      score: z.number().describe("the reranker's score for the query and this page's section: only the order means anything"),
      fusedRank: z.number().int().describe('1-based rank after fusion, before the reranker'),
    })
    .optional()
    .describe('present when the reranker ordered this result'),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** Why a lane did not run, as a code a screen or a script can branch on (the message is for people). */
export const LANE_REASONS = ['no-terms', 'empty-query', 'no-model', 'no-vectors', 'unknown-words', 'no-seeds', 'error', 'timeout'] as const;
export const LaneReason = z.enum(LANE_REASONS);
export type LaneReason = z.infer<typeof LaneReason>;

const LaneFigures = { ms: z.number(), weight: z.number(), candidates: z.number().int() };
export const LaneStatus = z.discriminatedUnion('state', [
  z.object({ state: z.literal('ok'), ...LaneFigures }),
  z.object({
    state: z.enum(['skipped', 'failed', 'timeout']).describe('skipped: nothing to do for this query; failed: an error; timeout: too slow'),
    reason: LaneReason,
    message: z.string(),
    ...LaneFigures,
  }),
]);
export type LaneStatus = z.infer<typeof LaneStatus>;
export type LaneState = LaneStatus['state'];

/** A lane's status in words: `ok`, or its state and why. */
export function describeLaneStatus(s: LaneStatus): string {
  return s.state === 'ok' ? 'ok' : `${s.state}: ${s.message}`;
}

/** What the reranker did: a reranker that fails or is too slow leaves the fused order, and says why. */
export const RerankStatus = z.object({
  model: z.string(),
  state: z
    .enum(['ok', 'failed', 'timeout', 'loading', 'busy'])
    .describe('failed: it could not be loaded or run; timeout: too slow; loading: not ready yet; busy: too many searches waiting for it'),
  message: z.string().nullable(),
  ms: z.number(),
  candidates: z.number().int().describe(`the fused results it read (at most ${RERANK_DEPTH})`),
});
export type RerankStatus = z.infer<typeof RerankStatus>;

/** Why a search answers with no results, when that is the answer. */
export const SearchNotice = z.object({
  kind: z.enum(['empty-query', 'no-lane-ran', 'no-match']),
  message: z.string(),
});
export type SearchNotice = z.infer<typeof SearchNotice>;

export const SearchResponse = z.object({
  query: z.string(),
  words: z.array(z.string()).describe("the query's words that were searched for (stop-words and question words left out): what a snippet marks"),
  mode: Mode,
  fusion: Fusion,
  weights: LaneWeights.describe('the weights fused with, after any intent adjustment'),
  rrfK: z.number(),
  intent: SearchIntent.nullable().describe('null when intent weighting is off'),
  mmr: MmrStep.nullable().describe('null when MMR is off'),
  model: z.string().nullable(),
  rerank: RerankStatus.nullable().describe('null when no reranker is installed, or it was not run (turned off, MMR asked for, a single-lane mode)'),
  results: z.array(SearchResult),
  lanes: z.partialRecord(Lane, LaneStatus),
  notice: SearchNotice.nullable().describe('why there are no results, when that is the answer'),
  ms: z.number(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;
