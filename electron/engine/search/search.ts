// One search: run the lanes the mode asks for, note each lane's status and time, fuse, explain.
// A lane that fails or has nothing to do is dropped from the fusion, never counted as zero.
import { fuse, type FusedItem, type LaneCandidate } from '../../../shared/fusion.ts';
import type { Parsed } from '../../../shared/dispatch.ts';
import {
  describeLaneStatus,
  INTENT_DEFAULT,
  TEXT_LANES,
  type FusionDefaults,
  type GraphVia,
  type Lane,
  type LaneReason,
  type LaneStatus,
  type SearchNotice,
  type SearchResponse,
  type SearchResult,
} from '../../../shared/search.ts';
import { isIndexDamage } from '../store/open-store.ts';
import type { Store } from '../store/store.ts';
import { LaneSkipped, type LaneQuery, type PageHit } from './lane.ts';
import { lexicalLane } from './lexical.ts';
import { semanticLane, type SemanticSource } from './semantic.ts';
import { tokenLane } from './token.ts';
import { describeResults } from './results.ts';
import { applyIntent, extractIntent } from './intent.ts';
import { diversify } from './mmr.ts';
import { graphWeightFor } from '../embed/fusion-defaults.ts';
import { graphLane } from './graph-lane.ts';
import { contentWords } from './terms.ts';
import { roundTo } from '../../../shared/rounding.ts';
import { StepTimeout, withTimeout } from './timeout.ts';

type TextLane = (typeof TEXT_LANES)[number];

/** Every lane fetches at least this many pages, so fusion has candidates beyond the top k. */
const MIN_CANDIDATES = 100;
const SEMANTIC_TIMEOUT_MS = 5000;

export interface SearchDeps {
  store: Store;
  /** This thread's model and vectors; or, on a read worker (store/read-pool.ts), the semantic lane
   * as the thread that holds them ran it (runSemanticLane). */
  semantic: SemanticSource | SemanticRan;
  defaults: FusionDefaults;
}

/** The semantic lane run ahead of the rest of a search, to be finished on another thread: its hits, or why it has none. */
export interface SemanticRan {
  model: string | null;
  outcome: { hits: PageHit[] } | { skipped: Exclude<LaneReason, 'error' | 'timeout'>; message: string } | { timeout: string } | { failed: string };
}

/** The semantic lane of `req` alone (nothing when its mode does not run it), as search() would run it. */
export async function runSemanticLane(deps: { store: Store; semantic: SemanticSource }, req: Parsed<'search'>): Promise<SemanticRan> {
  // read once the lane ran: it may switch to the model the stored vectors are of
  const model = () => deps.semantic.embedder?.info.id ?? null;
  if ((req.mode !== 'hybrid' && req.mode !== 'semantic') || req.query.trim() === '')
    return { model: model(), outcome: { skipped: 'empty-query', message: 'not run' } };
  const q = laneQuery(deps.store, req);
  try {
    const hits = await withTimeout(semanticLane(q, deps.semantic), SEMANTIC_TIMEOUT_MS);
    return { model: model(), outcome: { hits } };
  } catch (err) {
    if (isIndexDamage(err)) throw err;
    if (err instanceof LaneSkipped) return { model: model(), outcome: { skipped: err.reason, message: err.message } };
    return { model: model(), outcome: err instanceof StepTimeout ? { timeout: err.message } : { failed: (err as Error).message } };
  }
}

/** What every lane is asked. */
function laneQuery(store: Store, req: Parsed<'search'>): LaneQuery {
  return { store, text: req.query, filters: req.filters, limit: Math.max(req.k, MIN_CANDIDATES) };
}

/** The semantic lane's hits: run here, or replayed as the other thread ran it. */
function semanticRunner(semantic: SemanticSource | SemanticRan, q: LaneQuery): () => Promise<PageHit[]> {
  if ('vectors' in semantic) return () => withTimeout(semanticLane(q, semantic), SEMANTIC_TIMEOUT_MS);
  const o = semantic.outcome;
  return async () => {
    if ('hits' in o) return o.hits;
    if ('skipped' in o) throw new LaneSkipped(o.skipped, o.message);
    throw 'timeout' in o ? new StepTimeout(o.timeout) : new Error(o.failed);
  };
}

/** A search's answer, with each result's passage when a reranker is to read them (passages: true). */
export type SearchAnswer = SearchResponse & { passages?: string[] };

export async function search(deps: SearchDeps, req: Parsed<'search'>, options: { passages?: boolean } = {}): Promise<SearchAnswer> {
  const started = performance.now();
  const fusion = req.fusion ?? deps.defaults.fusion;
  // intent adjusts the weights once, before any lane runs; the answer reports both
  const intent = (req.intent ?? INTENT_DEFAULT) && req.query.trim() !== '' ? extractIntent(req.query) : null;
  // the defaults' graph weight was measured for their method; another method asked for gets its own
  const graph = fusion === deps.defaults.fusion ? deps.defaults.weights.graph : graphWeightFor(fusion);
  const weights = applyIntent({ ...deps.defaults.weights, graph, ...req.weights }, intent);
  const rrfK = req.rrfK ?? deps.defaults.rrfK;
  const mmr = req.mmr ? { lambda: req.mmr.lambda, pool: 0, similarity: 'terms' as const } : null;
  // read again once the lanes ran: the semantic lane may switch to the model the stored vectors are of
  const model = () => ('vectors' in deps.semantic ? (deps.semantic.embedder?.info.id ?? null) : deps.semantic.model);
  const base = { query: req.query, words: contentWords(req.query), mode: req.mode, fusion, weights, rrfK, intent, mmr, model: model(), rerank: null };
  if (req.query.trim() === '') {
    return { ...base, results: [], lanes: {}, notice: { kind: 'empty-query', message: 'type something to search for' }, ms: elapsed(started) };
  }

  const q = laneQuery(deps.store, req);
  const wanted: Lane[] = req.mode === 'hybrid' ? [...TEXT_LANES] : [req.mode];
  const runners: Record<TextLane, () => Promise<PageHit[]>> = {
    lexical: () => lexicalLane(q),
    token: () => tokenLane(q),
    semantic: semanticRunner(deps.semantic, q),
  };

  const lanes: Partial<Record<Lane, LaneStatus>> = {};
  const hits: Partial<Record<Lane, PageHit[]>> = {};
  const run = async (lane: Lane, runner: () => Promise<PageHit[]>): Promise<{ status: LaneStatus; found?: PageHit[] }> => {
    const t0 = performance.now();
    let outcome: LaneOutcome = { state: 'ok' };
    let found: PageHit[] | undefined;
    try {
      found = await runner();
    } catch (err) {
      // a damaged index is not one lane's trouble: every answer from it is suspect
      if (isIndexDamage(err)) throw err;
      outcome = laneFailure(err);
    }
    return { status: { ...outcome, ms: elapsed(t0), weight: weights[lane], candidates: found?.length ?? 0 }, ...(found ? { found } : {}) };
  };
  /** Runs the lanes together and keeps what they found in the order they are asked for. */
  const runAll = async (asked: [Lane, () => Promise<PageHit[]>][]) => {
    const done = await Promise.all(asked.map(([lane, runner]) => run(lane, runner)));
    asked.forEach(([lane], i) => {
      lanes[lane] = done[i]!.status;
      if (done[i]!.found) hits[lane] = done[i]!.found;
    });
  };
  // the text lanes go together: on PostgreSQL each is a round trip on a connection of its own
  // (one after another they added up), and the semantic lane's scan runs while the others wait
  await runAll((wanted as TextLane[]).map((lane) => [lane, runners[lane]]));

  // A single-lane mode ranks by that lane alone, whatever weight it has in the hybrid.
  const fuseWeights = req.mode === 'hybrid' ? weights : { lexical: 1, semantic: 1, token: 1, graph: 0 };
  // a lane weighted 0 has no say, so the pages only it found are not answers (weight 0 turns a lane off)
  const hasSay = (item: FusedItem) => (Object.entries(item.lanes) as [Lane, { rank: number | null }][]).some(([l, h]) => h.rank !== null && fuseWeights[l] > 0);
  const fuseAll = async () => {
    // fusion breaks ties by key
    const keys = await deps.store.pages.keysOf([...new Set(Object.values(hits).flatMap((l) => l.map((h) => h.pageId)))]);
    return fuse({ lanes: candidatesOf(hits), keys: new Map(keys.map((p) => [p.id, p.key])), method: fusion, weights: fuseWeights, rrfK }).filter(hasSay);
  };
  let graphVia = new Map<number, GraphVia[]>();
  if (req.mode === 'hybrid') {
    // the graph lane starts from the text lanes' fused ranking, so it runs after them
    const ranked = (await fuseAll()).map((x) => x.id);
    await runAll([
      [
        'graph',
        async () => {
          const g = await graphLane({ store: deps.store, ranked, filters: req.filters, limit: q.limit, viewer: { agent: req.filters.agent ?? null } });
          graphVia = g.via;
          return g.hits;
        },
      ],
    ]);
    wanted.push('graph');
  }
  const all = await fuseAll();
  // diversity is its own step after fusion: each result keeps its fused rank and its penalty
  const diverse = mmr ? await diversify(deps.store, all, mmr.lambda, req.k) : null;
  if (mmr && diverse) mmr.pool = diverse.pool;
  const items = diverse ? diverse.picks.map((p) => p.item) : all.slice(0, req.k);
  const described = await describeResults(deps.store, items, hits, req.query, options.passages);
  const results: SearchResult[] = described.results.map((r, i) => {
    const via = graphVia.get(items[i]!.id);
    const pick = diverse?.picks[i];
    return { ...r, ...(via ? { graphVia: via } : {}), ...(pick ? { mmr: { fusedRank: pick.fusedRank, similarity: roundTo(pick.similarity, 3) } } : {}) };
  });
  const ran = wanted.filter((l) => hits[l]);
  const notice: SearchNotice | null =
    ran.length === 0
      ? { kind: 'no-lane-ran', message: wanted.map((l) => `${l} ${describeLaneStatus(lanes[l]!)}`).join('; ') }
      : results.length === 0
        ? { kind: 'no-match', message: 'no page matches' }
        : null;
  return { ...base, model: model(), results, lanes, notice, ms: elapsed(started), ...(options.passages ? { passages: described.passages } : {}) };
}

function candidatesOf(hits: Partial<Record<Lane, PageHit[]>>): Partial<Record<Lane, LaneCandidate[]>> {
  const out: Partial<Record<Lane, LaneCandidate[]>> = {};
  for (const [lane, list] of Object.entries(hits) as [Lane, PageHit[]][])
    out[lane] = list.map((h) => ({ id: h.pageId, score: h.score, ...(h.normalized !== undefined ? { normalized: h.normalized } : {}) }));
  return out;
}

/** A lane's status without its figures. */
type LaneOutcome = { state: 'ok' } | { state: 'skipped' | 'failed' | 'timeout'; reason: LaneReason; message: string };

function laneFailure(err: unknown): LaneOutcome {
  if (err instanceof LaneSkipped) return { state: 'skipped', reason: err.reason, message: err.message };
  if (err instanceof StepTimeout) return { state: 'timeout', reason: 'timeout', message: err.message };
  return { state: 'failed', reason: 'error', message: (err as Error).message };
}

function elapsed(t0: number): number {
  return roundTo(performance.now() - t0, 2);
}
