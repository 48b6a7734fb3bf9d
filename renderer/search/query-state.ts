// The search screen's state as it lives in the URL (#/search?q=…&mode=…&tags=…&scope=…&tier=…,
// and what the sliders changed: w=graph:0,token:0.5&fusion=rrf&rrfK=30), so a search can be
// linked, reloaded and returned to with the back button, re-ranked as it was left.
import { Fusion, INTENT_DEFAULT, LANES, MODES, RequestWeights, SearchRequest, type LaneWeights, type Mode, type SearchFilters } from '../../shared/search.ts';
import { TIERS } from '../../shared/page.ts';
import type { LensChanges } from './lens.ts';

export type Tier = (typeof TIERS)[number];
export type ScopeFilter = 'all' | 'global' | 'user';

export interface QueryState {
  q: string;
  mode: Mode;
  tags: string[];
  scope: ScopeFilter;
  tier: Tier[];
  /** intent weighting on or off (the URL says so only when it differs from the default) */
  intent: boolean;
  /** the MMR step's lambda, null when off */
  mmr: number | null;
  /** the installed reranker orders the top results (the URL says rerank=off only when turned off) */
  rerank: boolean;
  /** every result's lane table shown, not only the ones opened one by one */
  tables: boolean;
  /** what the sliders changed from the engine's fusion defaults; they re-rank, the request stays */
  lens: LensChanges;
}

const list = (s: string | null) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export function parseMode(s: string | null, fallback: Mode = 'hybrid'): Mode {
  return (MODES as readonly string[]).includes(s ?? '') ? (s as Mode) : fallback;
}

export function readQueryState(params: URLSearchParams): QueryState {
  const scope = params.get('scope');
  return {
    q: params.get('q') ?? '',
    mode: parseMode(params.get('mode')),
    tags: list(params.get('tags')),
    scope: scope === 'global' || scope === 'user' ? scope : 'all',
    tier: list(params.get('tier')).filter((t): t is Tier => (TIERS as readonly string[]).includes(t)),
    intent: params.get('intent') === null ? INTENT_DEFAULT : params.get('intent') === 'on',
    mmr: parseLambda(params.get('mmr')),
    rerank: params.get('rerank') !== 'off',
    tables: params.get('tables') === 'on',
    lens: parseLens(params),
  };
}

function parseLambda(s: string | null): number | null {
  const x = s === null || s === '' ? NaN : Number(s);
  return Number.isFinite(x) && x >= 0 && x <= 1 ? x : null;
}

/** A malformed part (a lane no one knows, a weight out of range) is left out: its default stands. */
function parseLens(params: URLSearchParams): LensChanges {
  const fusion = Fusion.safeParse(params.get('fusion'));
  const rrfK = SearchRequest.shape.rrfK.safeParse(Number(params.get('rrfK') ?? NaN));
  const weights: Partial<LaneWeights> = {};
  for (const [lane, text] of list(params.get('w')).map((pair) => pair.split(':'))) {
    const weight = RequestWeights.safeParse({ [lane!]: text?.trim() ? Number(text) : NaN });
    Object.assign(weights, weight.data);
  }
  return { ...(fusion.success && { fusion: fusion.data }), ...(rrfK.data !== undefined && { rrfK: rrfK.data }), weights };
}

function weightsParam(weights: Partial<LaneWeights>): string | undefined {
  const changed = LANES.filter((lane) => weights[lane] !== undefined);
  return changed.length ? changed.map((lane) => `${lane}:${weights[lane]}`).join(',') : undefined;
}

export function queryParams(s: QueryState): Record<string, string | undefined> {
  return {
    q: s.q || undefined,
    mode: s.mode === 'hybrid' ? undefined : s.mode,
    tags: s.tags.length ? s.tags.join(',') : undefined,
    scope: s.scope === 'all' ? undefined : s.scope,
    tier: s.tier.length ? s.tier.join(',') : undefined,
    intent: s.intent === INTENT_DEFAULT ? undefined : s.intent ? 'on' : 'off',
    mmr: s.mmr === null ? undefined : String(s.mmr),
    rerank: s.rerank ? undefined : 'off',
    tables: s.tables ? 'on' : undefined,
    w: weightsParam(s.lens.weights),
    fusion: s.lens.fusion,
    rrfK: s.lens.rrfK === undefined ? undefined : String(s.lens.rrfK),
  };
}

export function filtersOf(s: QueryState): SearchFilters {
  const filters: SearchFilters = {};
  if (s.tags.length) filters.tags = s.tags;
  if (s.scope !== 'all') filters.scope = s.scope;
  if (s.tier.length) filters.tier = s.tier;
  return filters;
}

export const activeFilterCount = (s: QueryState) => (s.tags.length ? 1 : 0) + (s.scope !== 'all' ? 1 : 0) + (s.tier.length ? 1 : 0);

/** The sliders re-rank only what the engine returned: enough that a page they lift from far down is there. */
export const RESULTS_PER_QUERY = 100;

export function searchRequest(s: QueryState, mode: Mode = s.mode): SearchRequest | null {
  if (s.q.trim() === '') return null;
  return {
    query: s.q,
    mode,
    k: RESULTS_PER_QUERY,
    filters: filtersOf(s),
    intent: s.intent,
    ...(s.mmr === null ? {} : { mmr: { lambda: s.mmr } }),
    ...(s.rerank ? {} : { rerank: false }),
  };
}
