// One search: run the lanes the mode asks for, note each lane's status and time, fuse, explain.
// A lane that fails or has nothing to do is dropped from the fusion, never counted as zero.
import { fuse, type FusedItem, type LaneCandidate } from '../../../shared/fusion.ts';
import type { Parsed } from '../../../shared/dispatch.ts';
import { describeLaneStatus, INTENT_DEFAULT, TEXT_LANES, type FusionDefaults, type GraphVia, type Lane, type LaneReason, type LaneStatus, type SearchNotice, type SearchResponse, type SearchResult } from '../../../shared/search.ts';
import { isDamage, type Db } from '../store/database.ts';
import { pageCondition } from './filters.ts';
import { LaneSkipped, type LaneQuery, type PageHit } from './lane.ts';
import { lexicalLane } from './lexical.ts';
import { semanticLane, type SemanticSource } from './semantic.ts';
import { tokenLane } from './token.ts';
import { describeResults } from './results.ts';
import { applyIntent, extractIntent } from './intent.ts';
import { diversify } from './mmr.ts';
import { graphWeightFor } from './fusion-defaults.ts';
import { graphLane } from './graph-lane.ts';
import { keysOf } from '../graph/page-rows.ts';
import { roundTo } from '../../../shared/rounding.ts';

type TextLane = (typeof TEXT_LANES)[number];

/** Every lane fetches at least this many pages, so fusion has candidates beyond the top k. */
const MIN_CANDIDATES = 100;
const SEMANTIC_TIMEOUT_MS = 5000;

export interface SearchDeps {
  db: Db;
  semantic: SemanticSource;
  defaults: FusionDefaults;
}

export async function search(deps: SearchDeps, req: Parsed<'search'>): Promise<SearchResponse> {
  const started = performance.now();
  const fusion = req.fusion ?? deps.defaults.fusion;
  // intent adjusts the weights once, before any lane runs; the answer reports both
  const intent = (req.intent ?? INTENT_DEFAULT) && req.query.trim() !== '' ? extractIntent(req.query) : null;
  // the defaults' graph weight was measured for their method; another method asked for gets its own
  const graph = fusion === deps.defaults.fusion ? deps.defaults.weights.graph : graphWeightFor(fusion);
  const weights = applyIntent({ ...deps.defaults.weights, graph, ...req.weights }, intent);
  const rrfK = req.rrfK ?? deps.defaults.rrfK;
  const mmr = req.mmr ? { lambda: req.mmr.lambda, pool: 0, similarity: 'terms' as const } : null;
  const base = { query: req.query, mode: req.mode, fusion, weights, rrfK, intent, mmr, model: deps.semantic.embedder?.info.id ?? null };
  if (req.query.trim() === '') {
    return { ...base, results: [], lanes: {}, notice: { kind: 'empty-query', message: 'type something to search for' }, ms: elapsed(started) };
  }

  const condition = pageCondition(req.filters);
  const filtered = Object.values(req.filters).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  const q: LaneQuery = { db: deps.db, text: req.query, condition, limit: Math.max(req.k, MIN_CANDIDATES) };
  const wanted: Lane[] = req.mode === 'hybrid' ? [...TEXT_LANES] : [req.mode];
  const runners: Record<TextLane, () => Promise<PageHit[]> | PageHit[]> = {
    lexical: () => lexicalLane(q, filtered),
    token: () => tokenLane(q),
    semantic: () => withTimeout(semanticLane(q, deps.semantic, filtered), SEMANTIC_TIMEOUT_MS),
  };

  const lanes: Partial<Record<Lane, LaneStatus>> = {};
  const hits: Partial<Record<Lane, PageHit[]>> = {};
  const run = async (lane: Lane, runner: () => Promise<PageHit[]> | PageHit[]) => {
    const t0 = performance.now();
    let outcome: LaneOutcome = { state: 'ok' };
    try {
      hits[lane] = await runner();
    } catch (err) {
      // a damaged index is not one lane's trouble: every answer from it is suspect
      if (isDamage(err)) throw err;
      outcome = laneFailure(err);
    }
    lanes[lane] = { ...outcome, ms: elapsed(t0), weight: weights[lane], candidates: hits[lane]?.length ?? 0 };
  };
  for (const lane of wanted as TextLane[]) await run(lane, runners[lane]);

  // A single-lane mode ranks by that lane alone, whatever weight it has in the hybrid.
  const fuseWeights = req.mode === 'hybrid' ? weights : { lexical: 1, semantic: 1, token: 1, graph: 0 };
  // a lane weighted 0 has no say, so the pages only it found are not answers (weight 0 turns a lane off)
  const hasSay = (item: FusedItem) => (Object.entries(item.lanes) as [Lane, { rank: number | null }][]).some(([l, h]) => h.rank !== null && fuseWeights[l] > 0);
  const fuseAll = () => fuse({ lanes: candidatesOf(hits), keys: keysOf(deps.db, Object.values(hits).flatMap((l) => l.map((h) => h.pageId))), method: fusion, weights: fuseWeights, rrfK }).filter(hasSay);
  let graphVia = new Map<number, GraphVia[]>();
  if (req.mode === 'hybrid') {
    // the graph lane starts from the text lanes' fused ranking, so it runs after them
    const ranked = fuseAll().map((x) => x.id);
    await run('graph', () => {
      const g = graphLane({ db: deps.db, ranked, condition, limit: q.limit });
      graphVia = g.via;
      return g.hits;
    });
    wanted.push('graph');
  }
  const all = fuseAll();
  // diversity is its own step after fusion: each result keeps its fused rank and its penalty
  const diverse = mmr ? diversify(deps.db, all, mmr.lambda, req.k) : null;
  if (mmr && diverse) mmr.pool = diverse.pool;
  const items = diverse ? diverse.picks.map((p) => p.item) : all.slice(0, req.k);
  const results: SearchResult[] = describeResults(deps.db, items, hits, req.query).map((r, i) => {
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
  return { ...base, results, lanes, notice, ms: elapsed(started) };
}

function candidatesOf(hits: Partial<Record<Lane, PageHit[]>>): Partial<Record<Lane, LaneCandidate[]>> {
  const out: Partial<Record<Lane, LaneCandidate[]>> = {};
  for (const [lane, list] of Object.entries(hits) as [Lane, PageHit[]][]) out[lane] = list.map((h) => ({ id: h.pageId, score: h.score, ...(h.normalized !== undefined ? { normalized: h.normalized } : {}) }));
  return out;
}


class LaneTimeout extends Error {}

/** A lane's status without its figures. */
type LaneOutcome = { state: 'ok' } | { state: 'skipped' | 'failed' | 'timeout'; reason: LaneReason; message: string };

function laneFailure(err: unknown): LaneOutcome {
  if (err instanceof LaneSkipped) return { state: 'skipped', reason: err.reason, message: err.message };
  if (err instanceof LaneTimeout) return { state: 'timeout', reason: 'timeout', message: err.message };
  return { state: 'failed', reason: 'error', message: (err as Error).message };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new LaneTimeout(`timed out after ${ms} ms`)), ms);
    }),
  ]);
}

function elapsed(t0: number): number {
  return roundTo(performance.now() - t0, 2);
}
