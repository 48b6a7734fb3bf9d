// The sliders' lens: re-fuses the returned results under other weights, k or method with the
// shared `refuse` (no new query) and says how far each result moved from the engine's order. What
// the sliders changed is kept apart from the engine's defaults (`LensChanges`), so the URL holds
// only the changes and the rest follows the defaults of whatever model and intent answered.
import { refuse } from '../../shared/fusion.ts';
import { LANES, type Fusion, type LaneWeights, type SearchResponse, type SearchResult } from '../../shared/search.ts';

export interface FusionLens {
  fusion: Fusion;
  weights: LaneWeights;
  rrfK: number;
}

/** The lens's differences from the engine's defaults: what the URL keeps. */
export interface LensChanges {
  fusion?: Fusion;
  rrfK?: number;
  weights: Partial<LaneWeights>;
}

export interface RankedResult extends SearchResult {
  /** 0-based position in the engine's answer. */
  baseIndex: number;
  /** Positions gained (positive) or lost (negative) against the engine's answer. */
  moved: number;
}

export function defaultLens(response: Pick<SearchResponse, 'fusion' | 'weights' | 'rrfK'>): FusionLens {
  return { fusion: response.fusion, weights: { ...response.weights }, rrfK: response.rrfK };
}

/** Every lane's weight counts: a lane left out here snaps its slider back to the default. */
export function sameLens(a: FusionLens, b: FusionLens): boolean {
  return a.fusion === b.fusion && a.rrfK === b.rrfK && LANES.every((lane) => a.weights[lane] === b.weights[lane]);
}

export function lensWith(defaults: FusionLens, changes: LensChanges): FusionLens {
  return { fusion: changes.fusion ?? defaults.fusion, rrfK: changes.rrfK ?? defaults.rrfK, weights: { ...defaults.weights, ...changes.weights } };
}

export function changesFrom(defaults: FusionLens, lens: FusionLens): LensChanges {
  return {
    ...(lens.fusion !== defaults.fusion && { fusion: lens.fusion }),
    ...(lens.rrfK !== defaults.rrfK && { rrfK: lens.rrfK }),
    weights: Object.fromEntries(LANES.filter((lane) => lens.weights[lane] !== defaults.weights[lane]).map((lane) => [lane, lens.weights[lane]])),
  };
}

/** The results in the engine's order, or re-fused under the sliders' lens: then fusion alone orders them, so what the reranker said of each is dropped. */
export function throughLens(results: SearchResult[], lens: FusionLens | null): RankedResult[] {
  const base = results.map((r, i) => ({ ...r, baseIndex: i }));
  if (!lens) return base.map((r) => ({ ...r, moved: 0 }));
  return refuse(base, lens.fusion, lens.weights, lens.rrfK).map(({ rerank: _, ...r }, i) => ({ ...r, moved: r.baseIndex - i }));
}
