// What the app says and draws for each lane: its name in plain words, the technical term and how
// it works for the tooltip (and the fusion debugger's detail), its colour (a CSS variable, so the
// themes can tune it).
import { LANES, type GraphVia, type Lane, type LaneHit, type LaneStatus } from '../../shared/search.ts';

export { LANES };

export const LANE_LABEL: Record<Lane, string> = { lexical: 'Keywords', semantic: 'Meaning', token: 'Word overlap', graph: 'Linked pages' };
/** The term a reader of the docs, the CLI or the API knows the lane by. */
export const LANE_TERM: Record<Lane, string> = { lexical: 'BM25', semantic: 'embeddings', token: 'tokens', graph: 'graph' };
export const LANE_HINT: Record<Lane, string> = {
  lexical: 'BM25 over key, title, summary, tags and body (SQLite FTS5)',
  semantic: 'cosine similarity of chunk embeddings',
  token: 'term overlap on key, title, summary and tags',
  graph: 'pages one link or shared concept away from the top hits of the other lanes; its ranks stay as the engine found them',
};
export const laneColor = (lane: Lane) => `var(--lane-${lane})`;

/** "Keywords (BM25)": the debugger's name for a lane, the term beside the words. */
export const laneLabelWithTerm = (lane: Lane) => `${LANE_LABEL[lane]} (${LANE_TERM[lane]})`;

/** The tooltip of a lane's name: "lexical lane: BM25 over key, title, …". */
export const laneTooltip = (lane: Lane) => `${lane} lane: ${LANE_HINT[lane]}`;

export type LaneView = { state: 'ok' } | { state: 'failed' | 'skipped' | 'timeout'; reason: string } | { state: 'absent' };

/** How a lane did, for drawing: `absent` when the mode did not run it. */
export function laneState(status: LaneStatus | undefined): LaneView {
  if (!status) return { state: 'absent' };
  return status.state === 'ok' ? { state: 'ok' } : { state: status.state, reason: status.message };
}

export const isDropped = (v: LaneView): v is Extract<LaneView, { reason: string }> => 'reason' in v;

/** The lanes a result is explained by: those the mode ran (found it or not) and any that found it. */
export function lanesShown(hits: Partial<Record<Lane, LaneHit>>, statuses: Partial<Record<Lane, LaneStatus>>): Lane[] {
  return LANES.filter((lane) => statuses[lane] !== undefined || hits[lane] !== undefined);
}

/** Lanes the response says ran. */
export function lanesThatRan(lanes: Partial<Record<Lane, LaneStatus>>): Lane[] {
  return LANES.filter((l) => lanes[l]?.state === 'ok');
}

export function formatScore(n: number | null | undefined, digits = 3): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  if (abs !== 0 && abs < 0.001) return n.toExponential(1);
  return n.toFixed(digits);
}

/** How many hit keys one phrase names before it says "+N more". */
const VIA_NAMES = 3;

/** "linked from checklist, freeze · links to index · shares “Canary” with canary": how the graph lane reached a page. */
export function describeGraphVia(via: GraphVia[]): string {
  const groups = new Map<string, string[]>();
  for (const v of via) {
    const phrase = v.edge === 'link' ? 'linked from' : v.edge === 'backlink' ? 'links to' : `shares “${v.concept}” with`;
    groups.set(phrase, [...(groups.get(phrase) ?? []), v.seed]);
  }
  return [...groups]
    .map(([phrase, seeds]) => `${phrase} ${seeds.slice(0, VIA_NAMES).join(', ')}${seeds.length > VIA_NAMES ? ` +${seeds.length - VIA_NAMES} more` : ''}`)
    .join(' · ');
}
