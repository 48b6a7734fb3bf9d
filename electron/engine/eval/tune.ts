// Finds the fusion settings that rank best on one half of the labelled queries and reports them
// on the other half too, so the defaults a model ships with are not judged on what tuned them.
import type { FusionDefaults } from '../../../shared/search.ts';
import type { BeirQuery } from './beir.ts';
import type { Qrels, RankMetrics } from './metrics.ts';
import { scoreFusion, type LaneRuns } from './run-eval.ts';

export interface TuneResult {
  best: FusionDefaults;
  tune: RankMetrics;
  heldout: RankMetrics;
  all: RankMetrics;
  bestOf: Record<'rrf' | 'convex', { settings: FusionDefaults; tune: RankMetrics; heldout: RankMetrics }>;
  tried: number;
}

export function fusionGrid(): FusionDefaults[] {
  const grid: FusionDefaults[] = [];
  const semantic = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.5, 2];
  const token = [0, 0.1, 0.25, 0.5, 0.75];
  for (const s of semantic) for (const t of token) for (const rrfK of [5, 10, 20, 30, 60]) grid.push({ fusion: 'rrf', weights: { lexical: 1, semantic: s, token: t }, rrfK });
  for (const s of semantic) for (const t of token) grid.push({ fusion: 'convex', weights: { lexical: 1, semantic: s, token: t }, rrfK: 60 });
  return grid;
}

export function tuneFusion(runs: LaneRuns, tune: BeirQuery[], heldout: BeirQuery[], qrels: Qrels, keyToId: Map<string, string>): TuneResult {
  const grid = fusionGrid();
  const scored = grid.map((settings) => ({ settings, tune: scoreFusion(runs, tune, qrels, keyToId, settings) }));
  const pick = (list: typeof scored) => list.reduce((a, b) => (b.tune.ndcg10 > a.tune.ndcg10 ? b : a));
  const best = pick(scored);
  const bestOf = Object.fromEntries(
    (['rrf', 'convex'] as const).map((m) => {
      const b = pick(scored.filter((s) => s.settings.fusion === m));
      return [m, { settings: b.settings, tune: b.tune, heldout: scoreFusion(runs, heldout, qrels, keyToId, b.settings) }];
    }),
  ) as TuneResult['bestOf'];
  return {
    best: best.settings,
    tune: best.tune,
    heldout: scoreFusion(runs, heldout, qrels, keyToId, best.settings),
    all: scoreFusion(runs, [...tune, ...heldout], qrels, keyToId, best.settings),
    bestOf,
    tried: grid.length,
  };
}
