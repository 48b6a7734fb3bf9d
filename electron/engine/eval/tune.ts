// Finds the fusion settings that rank best, judged by two-fold cross-validation: settings tuned
// on one half of the labelled queries (splitQueries' halves) are scored on the other half, both
// ways round, so the figure reported for the chosen settings is never measured on the queries
// that chose them.
// The settings a model ships with are then the best on all the queries.
import { GRAPH_WEIGHT_DEFAULT, type FusionDefaults } from '../../../shared/search.ts';
import { splitQueries, type BeirQuery } from './beir.ts';
import type { Qrels, RankMetrics } from './metrics.ts';
import { meanMetrics } from './metrics.ts';
import { scoreFusion, type LaneRuns } from './run-eval.ts';

export interface FoldResult {
  tunedOn: 'tune' | 'heldout';
  settings: FusionDefaults;
  tune: RankMetrics;
  heldout: RankMetrics;
}

export interface TuneResult {
  /** Best on all queries: what the model should ship with. */
  best: FusionDefaults;
  all: RankMetrics;
  /** Mean over the two folds of the held-out score of settings tuned on the other half. */
  heldout: RankMetrics;
  folds: FoldResult[];
  /** The same, restricted to one fusion method. */
  byMethod: Record<'rrf' | 'convex', { best: FusionDefaults; all: RankMetrics; heldout: RankMetrics }>;
  tried: number;
}

export function fusionGrid(): FusionDefaults[] {
  const grid: FusionDefaults[] = [];
  const semantic = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1, 1.5, 2];
  const token = [0, 0.05, 0.1, 0.25, 0.5, 0.75];
  for (const s of semantic)
    for (const t of token)
      for (const rrfK of [5, 10, 20, 30, 60]) grid.push({ fusion: 'rrf', weights: { lexical: 1, semantic: s, token: t, graph: GRAPH_WEIGHT_DEFAULT }, rrfK });
  for (const s of semantic)
    for (const t of token) grid.push({ fusion: 'convex', weights: { lexical: 1, semantic: s, token: t, graph: GRAPH_WEIGHT_DEFAULT }, rrfK: 60 });
  return grid;
}

export function tuneFusion(runs: LaneRuns, queries: BeirQuery[], qrels: Qrels, keyToId: Map<string, string>): TuneResult {
  const halves = { tune: splitQueries(queries, 'tune'), heldout: splitQueries(queries, 'heldout') };
  const grid = fusionGrid();
  const score = (qs: BeirQuery[], s: FusionDefaults) => scoreFusion(runs, qs, qrels, keyToId, s);
  const scored = grid.map((settings) => ({
    settings,
    tune: score(halves.tune, settings),
    heldout: score(halves.heldout, settings),
    all: score(queries, settings),
  }));

  const pickWithin = (candidates: typeof scored) => {
    const best = (by: (c: (typeof scored)[number]) => RankMetrics) => candidates.reduce((a, b) => (by(b).ndcg10 > by(a).ndcg10 ? b : a));
    const onAll = best((c) => c.all);
    const onTune = best((c) => c.tune);
    const onHeldout = best((c) => c.heldout);
    const folds: FoldResult[] = [
      { tunedOn: 'tune', settings: onTune.settings, tune: onTune.tune, heldout: onTune.heldout },
      { tunedOn: 'heldout', settings: onHeldout.settings, tune: onHeldout.heldout, heldout: onHeldout.tune },
    ];
    return { best: onAll.settings, all: onAll.all, heldout: meanMetrics(folds.map((f) => f.heldout)), folds };
  };

  const overall = pickWithin(scored);
  const byMethod = Object.fromEntries(
    (['rrf', 'convex'] as const).map((m) => {
      const r = pickWithin(scored.filter((s) => s.settings.fusion === m));
      return [m, { best: r.best, all: r.all, heldout: r.heldout }];
    }),
  ) as TuneResult['byMethod'];
  return { ...overall, byMethod, tried: grid.length };
}
