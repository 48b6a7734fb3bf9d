// Every fusion default Cairn has, in one place: how the lanes are fused when a request does not
// say. Weights belong to the model (the stronger the semantic lane, the more say it gets), so
// each model carries its own in its card (`defaults`, shaped by shared/search.ts's
// FusionDefaults); the models Cairn builds start from these, and `cairn eval` on SciFact train
// overwrites a model's card with what it measures (recordMeasurement).
import { GRAPH_WEIGHT_DEFAULT as graph, type Fusion, type FusionDefaults } from '../../../shared/search.ts';

/**
 * RRF sees only the graph lane's ranks, which sit close together (1/61 against 1/70 for ranks 1
 * and 10), so the lane gets a smaller weight there than in a convex mix, which sees its scores.
 * Measured with `npm run bench:graph-lane -- --model none` (docs/benchmarks.md).
 */
const RRF_GRAPH_WEIGHT = 0.2;

/** The graph weight measured for a fusion method: what a request switching method without naming one gets. */
export function graphWeightFor(fusion: Fusion): number {
  return fusion === 'rrf' ? RRF_GRAPH_WEIGHT : graph;
}

/**
 * The corpus-adaptive model. `cairn eval --tune` on SciFact's 809 train queries (396 settings,
 * two-fold cross-validation over even and odd query ids): best on all queries convex lexical 1,
 * semantic 0.6, token 0.05 — nDCG@10 0.718, held-out 0.717 (one fold chose these, the other
 * token 0.1), against lexical alone 0.704 and the adaptive lane alone 0.654 (docs/benchmarks.md).
 */
export const ADAPTIVE_MODEL_DEFAULTS: FusionDefaults = {
  fusion: 'convex',
  weights: { lexical: 1, semantic: 0.6, token: 0.05, graph },
  rrfK: 60,
};

/** The shipped GloVe floor: with its lane (≈0.18) any real weight drags the hybrid down, so it gets a token share. */
export const GLOVE_MODEL_DEFAULTS: FusionDefaults = {
  fusion: 'convex',
  weights: { lexical: 0.95, semantic: 0.05, token: 0, graph },
  rrfK: 60,
};

/**
 * ktx's weights, measured with a strong transformer; used only when a model folder carries
 * no card of its own (e.g. a hub model the user dropped in by hand).
 */
export const STRONG_MODEL_DEFAULTS: FusionDefaults = {
  fusion: 'rrf',
  weights: { lexical: 1.5, semantic: 2.0, token: 0.75, graph: RRF_GRAPH_WEIGHT },
  rrfK: 60,
};

/** Without a model only lexical and token run; measured by `cairn eval` on SciFact train (docs/benchmarks.md). */
export const NO_MODEL_DEFAULTS: FusionDefaults = { fusion: 'rrf', weights: { lexical: 1, semantic: 1, token: 0.1, graph: RRF_GRAPH_WEIGHT }, rrfK: 60 };
