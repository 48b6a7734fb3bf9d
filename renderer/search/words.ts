// The words the search screens use for the modes and the fusion methods: plain words on the
// screen, the technical term (as the CLI, the API and the docs say it) in the tooltip. A mode
// other than hybrid is one lane, named as the lane is.
import type { Fusion, Mode } from '../../shared/search.ts';
import { LANE_LABEL, laneTooltip } from './lanes.ts';

export const modeLabel = (mode: Mode) => (mode === 'hybrid' ? 'Combined' : LANE_LABEL[mode]);
export const modeTooltip = (mode: Mode) => (mode === 'hybrid' ? 'hybrid: every lane, blended into one ranking' : laneTooltip(mode));

/** The blend's short name, for the results line. */
export const FUSION_LABEL: Record<Fusion, string> = { rrf: 'Blend ranks', convex: 'Blend scores' };
/** The name in the fusion debugger, the term beside the words. */
export const FUSION_LABEL_WITH_TERM: Record<Fusion, string> = { rrf: 'Blend ranks (RRF)', convex: 'Blend scores (convex)' };
export const FUSION_TERM: Record<Fusion, string> = {
  rrf: 'Reciprocal Rank Fusion (RRF): score = Σ weight ÷ (k + rank)',
  convex: 'convex combination: score = Σ weight × normalized score',
};
