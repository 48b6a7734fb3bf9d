import type { Lane, LaneStatus } from '../../shared/search.ts';
import { LANES, LANE_LABEL, isDropped, laneState, laneTooltip } from '../search/lanes.ts';

/** What each colour of the contribution bars means, and how each lane did on this query. */
export function LaneLegend({ statuses }: { statuses: Partial<Record<Lane, LaneStatus>> }) {
  return (
    <ul className="legend" aria-label="Lanes">
      {LANES.map((lane) => {
        const s = statuses[lane];
        const state = laneState(s);
        const detail = state.state === 'ok' ? `${s!.candidates} found · ${s!.ms} ms` : state.state === 'absent' ? 'not run' : state.state;
        return (
          <li key={lane} className={`legend-item ${state.state}`} data-lane={lane} title={isDropped(state) ? state.reason : undefined}>
            <span className={`swatch lane-bg-${lane}`} aria-hidden="true" />
            <span className="legend-name" title={laneTooltip(lane)}>
              {LANE_LABEL[lane]}
            </span>
            <span className="legend-detail">{detail}</span>
          </li>
        );
      })}
    </ul>
  );
}
