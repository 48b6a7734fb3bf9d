// Lane weights that ship with the models Cairn builds. Weights belong to the model: the
// stronger the semantic lane, the more say it gets. `cairn eval` on SciFact train overwrites
// a model's card with what it measures (recordMeasurement); these are the starting values.
//
// Provenance of the adaptive numbers: `cairn eval --tune` on SciFact's 809 train queries
// (396 settings, two-fold cross-validation): best on all queries convex lexical 1, semantic 0.6,
// token 0.05 — nDCG@10 0.718, held-out 0.718 (both folds chose these), against lexical alone
// 0.704 and the adaptive lane alone 0.654 (README, Benchmarks). With the GloVe lane (≈0.18) any real weight drags the
// hybrid down, so it gets a token share.
import type { LaneDefaults } from './embedder.ts';

export const ADAPTIVE_LANE_DEFAULTS: LaneDefaults = {
  fusion: 'convex',
  weights: { lexical: 1, semantic: 0.6, token: 0.05 },
  rrfK: 60,
};

export const GLOVE_LANE_DEFAULTS: LaneDefaults = {
  fusion: 'convex',
  weights: { lexical: 0.95, semantic: 0.05, token: 0 },
  rrfK: 60,
};
