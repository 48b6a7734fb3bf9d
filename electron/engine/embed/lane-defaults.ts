// Lane weights that ship with the models Cairn builds. Weights belong to the model: the
// stronger the semantic lane, the more say it gets. `cairn eval` on SciFact train overwrites
// a model's card with what it measures (recordMeasurement); these are the starting values.
//
// Provenance of the numbers: the engine issue measured, on SciFact train, lexical 0.701,
// corpus-adaptive semantic 0.599, best RRF 0.691 (below lexical alone) and convex 0.710 with
// α = 0.3 on the semantic lane; with the GloVe lane (≈0.18) any real weight drags the hybrid
// down, so it gets a token share. build/model/probe-fusion.ts re-measures both with
// this lane's own vectors (see the README table).
import type { LaneDefaults } from './embedder.ts';

export const ADAPTIVE_LANE_DEFAULTS: LaneDefaults = {
  fusion: 'convex',
  weights: { lexical: 0.7, semantic: 0.3, token: 0 },
  rrfK: 60,
};

export const GLOVE_LANE_DEFAULTS: LaneDefaults = {
  fusion: 'convex',
  weights: { lexical: 0.95, semantic: 0.05, token: 0 },
  rrfK: 60,
};
