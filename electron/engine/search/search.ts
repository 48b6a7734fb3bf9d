// One search: run the lanes the mode asks for, note each lane's status and time, fuse, explain.
// A lane that fails or has nothing to do is dropped from the fusion, never counted as zero.
import { fuse, type LaneCandidate } from '../../../shared/fusion.ts';
import type { Parsed } from '../../../shared/dispatch.ts';
import { describeLaneStatus, INTENT_DEFAULT, LANES, type FusionDefaults, type Lane, type LaneReason, type LaneStatus, type SearchNotice, type SearchResponse, type SearchResult } from '../../../shared/search.ts';
import { isDamage, type Db } from '../store/database.ts';
import { pageCondition } from './filters.ts';
import { LaneSkipped, type LaneQuery, type PageHit } from './lane.ts';
import { lexicalLane } from './lexical.ts';
import { semanticLane, type SemanticSource } from './semantic.ts';
import { tokenLane } from './token.ts';
import { describeResults } from './results.ts';
import { applyIntent, extractIntent } from './intent.ts';
import { diversify } from './mmr.ts';

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
  const weights = applyIntent({ ...deps.defaults.weights, ...req.weights }, intent);
  const rrfK = req.rrfK ?? deps.defaults.rrfK;
  const mmr = req.mmr ? { lambda: req.mmr.lambda, pool: 0, similarity: 'terms' as const } : null;
  const base = { query: req.query, mode: req.mode, fusion, weights, rrfK, intent, mmr, model: deps.semantic.embedder?.info.id ?? null };
  if (req.query.trim() === '') {
    return { ...base, results: [], lanes: {}, notice: { kind: 'empty-query', message: 'type something to search for' }, ms: elapsed(started) };
  }

  const condition = pageCondition(req.filters);
  const filtered = Object.values(req.filters).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  const q: LaneQuery = { db: deps.db, text: req.query, condition, limit: Math.max(req.k, MIN_CANDIDATES) };
  const wanted: Lane[] = req.mode === 'hybrid' ? [...LANES] : [req.mode];
  const runners: Record<Lane, () => Promise<PageHit[]> | PageHit[]> = {
    lexical: () => lexicalLane(q, filtered),
    token: () => tokenLane(q),
    semantic: () => withTimeout(semanticLane(q, deps.semantic, filtered), SEMANTIC_TIMEOUT_MS),
  };

  const lanes: Partial<Record<Lane, LaneStatus>> = {};
  const hits: Partial<Record<Lane, PageHit[]>> = {};
  for (const lane of wanted) {
    const t0 = performance.now();
    let outcome: LaneOutcome = { state: 'ok' };
    try {
      hits[lane] = await runners[lane]();
    } catch (err) {
      // a damaged index is not one lane's trouble: every answer from it is suspect
      if (isDamage(err)) throw err;
      outcome = laneFailure(err);
    }
    const figures = { ms: elapsed(t0), weight: weights[lane], candidates: hits[lane]?.length ?? 0 };
    lanes[lane] = { ...outcome, ...figures };
  }

  const candidates: Partial<Record<Lane, LaneCandidate[]>> = {};
  for (const lane of wanted) if (hits[lane]) candidates[lane] = hits[lane]!.map((h) => ({ id: h.pageId, score: h.score }));
  const keys = pageKeys(deps.db, candidates);
  // A single-lane mode ranks by that lane alone, whatever weight it has in the hybrid.
  const fuseWeights = req.mode === 'hybrid' ? weights : { lexical: 1, semantic: 1, token: 1 };
  const all = fuse({ lanes: candidates, keys, method: fusion, weights: fuseWeights, rrfK });
  let results: SearchResult[];
  if (mmr) {
    // diversity is its own step after fusion: each result keeps its fused rank and its penalty
    const { picks, pool } = diversify(deps.db, all, mmr.lambda, req.k);
    mmr.pool = pool;
    const described = describeResults(deps.db, picks.map((p) => p.item), hits, req.query);
    results = described.map((r, i) => ({ ...r, mmr: { fusedRank: picks[i]!.fusedRank, similarity: round(picks[i]!.similarity) } }));
  } else {
    results = describeResults(deps.db, all.slice(0, req.k), hits, req.query);
  }
  const ran = wanted.filter((l) => hits[l]);
  const notice: SearchNotice | null =
    ran.length === 0
      ? { kind: 'no-lane-ran', message: wanted.map((l) => `${l} ${describeLaneStatus(lanes[l]!)}`).join('; ') }
      : results.length === 0
        ? { kind: 'no-match', message: 'no page matches' }
        : null;
  return { ...base, results, lanes, notice, ms: elapsed(started) };
}

function pageKeys(db: Db, lanes: Partial<Record<Lane, LaneCandidate[]>>): Map<number, string> {
  const ids = [...new Set(Object.values(lanes).flatMap((l) => l.map((c) => c.id)))];
  const rows = db.prepare(`SELECT id, key FROM pages WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as { id: number; key: string }[];
  return new Map(rows.map((r) => [r.id, r.key]));
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

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function elapsed(t0: number): number {
  return Math.round((performance.now() - t0) * 100) / 100;
}
