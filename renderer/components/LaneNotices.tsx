// Lanes that failed or were skipped, with the engine's reason, above the results: a dropped
// lane changes the ranking, so it must never pass unnoticed. With no results there is no ranking
// to speak of, and the graph lane skipped for want of a hit to start from says nothing new.
import type { Lane, LaneStatus } from '../../shared/search.ts';
import { LANES, LANE_LABEL, isDropped, laneState, laneTooltip } from '../search/lanes.ts';

export function LaneNotices({ lanes, found }: { lanes: Partial<Record<Lane, LaneStatus>>; found: number }) {
  const dropped = LANES.flatMap((lane) => {
    const status = lanes[lane];
    const s = laneState(status);
    const consequence = found === 0 && status?.state === 'skipped' && status.reason === 'no-seeds';
    return isDropped(s) && !consequence ? [{ lane, ...s }] : [];
  });
  if (dropped.length === 0) return null;
  return (
    <ul className="lane-notices" aria-label="Lanes that did not run">
      {dropped.map((d) => (
        <li key={d.lane} className={`lane-notice ${d.state}`} data-lane={d.lane} data-state={d.state}>
          <span className={`dot lane-${d.lane}`} aria-hidden="true" />
          <strong title={laneTooltip(d.lane)}>
            {LANE_LABEL[d.lane]} search {d.state}:
          </strong>{' '}
          {d.reason}.{found > 0 && <span className="muted"> The ranking below blends the other searches only.</span>}
        </li>
      ))}
    </ul>
  );
}
