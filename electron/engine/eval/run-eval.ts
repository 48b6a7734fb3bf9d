// Runs labelled queries through search in every mode and scores the rankings.
import { fuse, type LaneCandidate } from '../../../shared/fusion.ts';
import type { CairnApi } from '../../../shared/contract.ts';
import { describeLaneStatus, MODES, TEXT_LANES, type Fusion, type FusionDefaults, type Lane, type LaneWeights, type Mode } from '../../../shared/search.ts';
import { roundTo } from '../../../shared/rounding.ts';
import type { BeirQuery } from './beir.ts';
import { meanMetrics, percentile, scoreQueries, scoreRanking, type Qrels, type RankMetrics } from './metrics.ts';

export interface ModeFigures extends RankMetrics {
  p50_ms: number;
  p95_ms: number;
  /** how the mode's lane did when it did not run (null: it always ran, or had only no searchable words) */
  laneProblem: string | null;
}

export interface LaneRuns {
  /** Per query: each lane's candidates (page ids with raw scores), best first. */
  lanes: Map<string, Partial<Record<Lane, LaneCandidate[]>>>;
  keys: Map<number, string>;
}

const DEPTH = 100;
const LATENCY_K = 10;

export async function evaluateModes(
  api: Pick<CairnApi, 'search'>,
  queries: BeirQuery[],
  qrels: Qrels,
  keyToId: Map<string, string>,
  fusion: { fusion?: Fusion; weights?: Partial<LaneWeights>; rrfK?: number; intent?: boolean; mmr?: { lambda: number }; rerank?: boolean },
  onQuery?: (done: number, total: number) => void,
): Promise<Record<Mode, ModeFigures>> {
  const out = {} as Record<Mode, ModeFigures>;
  let done = 0;
  for (const mode of MODES) {
    const metrics: RankMetrics[] = [];
    const ms: number[] = [];
    let laneProblem: string | null = null;
    for (const q of queries) {
      // latency as an agent sees it (top 10); the ranking is scored 100 deep for Recall@100
      const t0 = performance.now();
      await api.search({ query: q.text, mode, k: LATENCY_K, ...fusion });
      ms.push(performance.now() - t0);
      const r = await api.search({ query: q.text, mode, k: DEPTH, ...fusion });
      const lane = r.lanes[mode as Lane];
      if (lane && lane.state !== 'ok' && lane.reason !== 'no-terms') laneProblem = describeLaneStatus(lane);
      // a reranker that did not run leaves the fused order: the figures would not be its own
      if (r.rerank && r.rerank.state !== 'ok') laneProblem = `reranker ${r.rerank.state}: ${r.rerank.message}`;
      metrics.push(
        scoreRanking(
          r.results.map((x) => keyToId.get(x.key) ?? x.key),
          qrels.get(q.id) ?? new Map(),
        ),
      );
      onQuery?.(++done, queries.length * MODES.length);
    }
    out[mode] = { ...meanMetrics(metrics), p50_ms: roundTo(percentile(ms, 50), 2), p95_ms: roundTo(percentile(ms, 95), 2), laneProblem };
  }
  return out;
}

/**
 * Each text lane's candidates for every query, fetched once so that any fusion can be scored
 * offline. The graph lane is not among them: it starts from the fused ranking, so it cannot be
 * re-fused offline under other weights (it never fires on SciFact, which has no links).
 */
export async function collectLaneRuns(api: Pick<CairnApi, 'search'>, queries: BeirQuery[]): Promise<LaneRuns> {
  const lanes = new Map<string, Partial<Record<Lane, LaneCandidate[]>>>();
  const keys = new Map<number, string>();
  const idOf = new Map<string, number>();
  for (const q of queries) {
    const perLane: Partial<Record<Lane, LaneCandidate[]>> = {};
    for (const lane of TEXT_LANES) {
      const r = await api.search({ query: q.text, mode: lane, k: DEPTH });
      if (r.lanes[lane]?.state !== 'ok') continue;
      perLane[lane] = r.results.map((x) => {
        const id = idOf.get(x.key) ?? idOf.size;
        idOf.set(x.key, id);
        keys.set(id, x.key);
        return { id, score: x.lanes[lane]!.score! };
      });
    }
    lanes.set(q.id, perLane);
  }
  return { lanes, keys };
}

export function scoreFusion(runs: LaneRuns, queries: BeirQuery[], qrels: Qrels, keyToId: Map<string, string>, f: FusionDefaults): RankMetrics {
  const rank = (id: string) =>
    fuse({ lanes: runs.lanes.get(id) ?? {}, keys: runs.keys, method: f.fusion, weights: f.weights, rrfK: f.rrfK }).map((x) => keyToId.get(x.key) ?? x.key);
  return scoreQueries(queries, rank, qrels);
}
