// Recall for a role: one search per tier the role reads, merged into one list. Each tier's search
// ranks only within its tier, so its fused scores do not compare across tiers (every tier has a
// first place); the merge re-fuses the union from the lanes' raw scores, which do compare (BM25
// over the whole index, cosine, term overlap), so a strong page of one tier beats a weak one of
// another. A tier whose search fails is reported and the others still answer.
import type { Parsed } from '../../../shared/dispatch.ts';
import { fuse, type LaneCandidate } from '../../../shared/fusion.ts';
import { ROLE_TIERS, type RecallResult, type Tier } from '../../../shared/recall.ts';
import { LANES, type Lane, type SearchResponse } from '../../../shared/search.ts';

export type TierSearch = (tier: Tier) => Promise<SearchResponse>;

export interface TierAnswer {
  tier: Tier;
  state: 'ok' | 'failed';
  hits: number;
  message: string | null;
}

export async function recallByRole(r: Parsed<'knowledgeRecall'>, searchTier: TierSearch): Promise<{ tiers: TierAnswer[]; results: RecallResult[] }> {
  const tiers: TierAnswer[] = [];
  const found: RecallResult[] = [];
  let answered: SearchResponse | null = null;
  for (const tier of ROLE_TIERS[r.role]) {
    try {
      const response = await searchTier(tier);
      answered ??= response;
      tiers.push({ tier, state: 'ok', hits: response.results.length, message: null });
      found.push(...response.results.map((x) => ({ ...x, tier })));
    } catch (err) {
      tiers.push({ tier, state: 'failed', hits: 0, message: (err as Error).message });
    }
  }
  if (!answered) return { tiers, results: [] };
  return { tiers, results: merge(found, answered).slice(0, r.k) };
}

/** The union of the tiers' results, fused again with each lane ranked by its raw score. */
function merge(found: RecallResult[], like: SearchResponse): RecallResult[] {
  const lanes: Partial<Record<Lane, LaneCandidate[]>> = {};
  const keys = new Map<number, string>();
  found.forEach((x, id) => {
    keys.set(id, x.key);
    for (const lane of LANES) {
      const score = x.lanes[lane]?.score;
      if (score !== null && score !== undefined) (lanes[lane] ??= []).push({ id, score });
    }
  });
  for (const lane of LANES) lanes[lane]?.sort((a, b) => b.score - a.score);
  return fuse({ lanes, keys, method: like.fusion, weights: like.weights, rrfK: like.rrfK }).map((f) => ({
    ...found[f.id]!,
    score: f.score,
    lanesMatched: f.lanesMatched,
    lanes: f.lanes,
  }));
}
