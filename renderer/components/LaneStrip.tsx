// A result's lanes on one line: a dot in each lane's colour and the result's rank there ("–"
// where the lane ran and missed it, "off" where it failed or was skipped), so a glance says which
// lanes found it and how high; the lane names are in the tooltips and the legend. The strip is
// also the button that opens the result's full explanation, as Shift+Enter does for the selected one.
import type { GraphVia, Lane, LaneHit, LaneStatus } from '../../shared/search.ts';
import { LANE_LABEL, describeGraphVia, isDropped, laneState, lanesShown } from '../search/lanes.ts';

interface Props {
  hits: Partial<Record<Lane, LaneHit>>;
  statuses: Partial<Record<Lane, LaneStatus>>;
  graphVia: GraphVia[] | undefined;
  expanded: boolean;
  /** the id of the explanation it opens */
  controls: string;
  onToggle: () => void;
}

export function LaneStrip({ hits, statuses, graphVia, expanded, controls, onToggle }: Props) {
  const marks = lanesShown(hits, statuses).map((lane) => laneMark(lane, hits[lane], statuses[lane], graphVia));
  return (
    <button
      type="button"
      className="lane-strip"
      aria-expanded={expanded}
      aria-controls={controls}
      aria-label={`Why it ranked here: ${marks.map((m) => m.says).join(', ')}`}
      title="Why it ranked here (Shift+Enter)"
      onClick={onToggle}
    >
      {marks.map((m) => (
        <span key={m.lane} className={`lane-mark ${m.state}`} data-lane={m.lane} data-state={m.state} data-rank={m.rank ?? ''} title={m.says}>
          <span className={`dot lane-${m.lane}`} aria-hidden="true" />
          {m.state === 'found' ? `#${m.rank}` : m.state === 'missed' ? '–' : 'off'}
        </span>
      ))}
      <span className="lane-strip-caret" aria-hidden="true">
        {expanded ? '▾' : '▸'}
      </span>
    </button>
  );
}

interface LaneMark {
  lane: Lane;
  state: 'found' | 'missed' | 'off';
  rank: number | null;
  /** in words, for the tooltip and screen readers: "Keywords #3" */
  says: string;
}

function laneMark(lane: Lane, hit: LaneHit | undefined, status: LaneStatus | undefined, graphVia: GraphVia[] | undefined): LaneMark {
  const view = laneState(status);
  if (isDropped(view)) return { lane, state: 'off', rank: null, says: `${LANE_LABEL[lane]} ${view.state}: ${view.reason}` };
  if (!hit || hit.rank === null) return { lane, state: 'missed', rank: null, says: `${LANE_LABEL[lane]} did not find it` };
  const via = lane === 'graph' && graphVia ? ` (${describeGraphVia(graphVia)})` : '';
  return { lane, state: 'found', rank: hit.rank, says: `${LANE_LABEL[lane]} #${hit.rank}${via}` };
}
