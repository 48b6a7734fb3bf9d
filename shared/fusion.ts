// Fusing lane rankings into one. Pure and shared: the engine ranks with it, and the app re-ranks
// with it as a person drags the weight sliders, from the per-lane ranks and scores it was sent.
import type { Fusion, Lane, LaneHit, LaneWeights } from './search.ts';
import { LANES } from './search.ts';

export interface LaneCandidate {
  id: number;
  score: number;
  /** Known already (re-fusing a returned page of results): kept instead of the list position. */
  rank?: number;
  normalized?: number;
}

export interface FusedItem {
  id: number;
  key: string;
  score: number;
  lanesMatched: number;
  lanes: Partial<Record<Lane, LaneHit>>;
}

export interface FusionInput {
  /** Each lane that ran, its hits best first. A lane that failed or was skipped is absent. */
  lanes: Partial<Record<Lane, LaneCandidate[]>>;
  keys: Map<number, string>;
  method: Fusion;
  weights: LaneWeights;
  rrfK: number;
}

/**
 * Weighted Reciprocal Rank Fusion (`Σ weight / (k + rank)`) or a convex combination of
 * min-max-normalized lane scores. Ordered by fused score, then lanes matched, then key.
 */
export function fuse(input: FusionInput): FusedItem[] {
  const items = new Map<number, FusedItem>();
  for (const lane of LANES) {
    const hits = input.lanes[lane];
    if (!hits) continue;
    const scores = hits.map((h) => h.score);
    const min = Math.min(...scores);
    const max = Math.max(...scores);
    hits.forEach((hit, i) => {
      const item = items.get(hit.id) ?? newItem(hit.id, input.keys.get(hit.id) ?? '', input.lanes);
      const rank = hit.rank ?? i + 1;
      const normalized = hit.normalized ?? (max > min ? (hit.score - min) / (max - min) : 1);
      const w = input.weights[lane];
      const contribution = input.method === 'rrf' ? w / (input.rrfK + rank) : w * normalized;
      item.lanes[lane] = { rank, score: hit.score, normalized, contribution };
      item.score += contribution;
      item.lanesMatched++;
      items.set(hit.id, item);
    });
  }
  return [...items.values()].sort(compareFused);
}

function newItem(id: number, key: string, lanes: FusionInput['lanes']): FusedItem {
  const item: FusedItem = { id, key, score: 0, lanesMatched: 0, lanes: {} };
  for (const lane of LANES) if (lanes[lane]) item.lanes[lane] = { rank: null, score: null, normalized: null, contribution: 0 };
  return item;
}

export function compareFused(a: { score: number; lanesMatched: number; key: string }, b: { score: number; lanesMatched: number; key: string }): number {
  return b.score - a.score || b.lanesMatched - a.lanesMatched || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Re-fuses results already explained by the engine under other weights, k or method, without
 * asking the engine again: what the app's sliders do. Only the candidates returned can move.
 */
export function refuse<T extends { key: string; lanes: Partial<Record<Lane, LaneHit>> }>(
  results: T[],
  method: Fusion,
  weights: LaneWeights,
  rrfK: number,
): (T & { score: number; lanesMatched: number })[] {
  const lanes: Partial<Record<Lane, LaneCandidate[]>> = {};
  const keys = new Map<number, string>();
  results.forEach((r, id) => {
    keys.set(id, r.key);
    for (const lane of LANES) {
      const hit = r.lanes[lane];
      if (!hit) continue;
      const list = (lanes[lane] ??= []);
      if (hit.rank !== null && hit.score !== null) list.push({ id, score: hit.score, rank: hit.rank, normalized: hit.normalized ?? undefined });
    }
  });
  for (const lane of LANES) lanes[lane]?.sort((a, b) => a.rank! - b.rank!);
  return fuse({ lanes, keys, method, weights, rrfK }).map((f) => ({ ...results[f.id]!, score: f.score, lanesMatched: f.lanesMatched, lanes: f.lanes }));
}
