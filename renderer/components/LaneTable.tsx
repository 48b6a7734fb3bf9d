// Why one result ranked where it did, lane by lane: its rank in the lane, the lane's raw score,
// the normalized score (what convex fusion uses) and what the lane added to the fused score.
import type { Fusion, Lane, LaneHit, LaneStatus } from '../../shared/search.ts';
import { LANE_LABEL, formatScore, isDropped, laneState, lanesShown, laneTooltip } from '../search/lanes.ts';

interface Props {
  hits: Partial<Record<Lane, LaneHit>>;
  statuses: Partial<Record<Lane, LaneStatus>>;
  fusion: Fusion;
}

export function LaneTable({ hits, statuses, fusion }: Props) {
  const rows = lanesShown(hits, statuses);
  return (
    <table className="lane-table">
      <thead>
        <tr>
          <th scope="col">Lane</th>
          <th scope="col" title="rank in this lane">
            Rank
          </th>
          <th scope="col" title="the lane's raw score (bm25 negated, cosine, overlap)">
            Raw
          </th>
          <th scope="col" title="min-max normalized over the lane's candidates">
            Norm
          </th>
          <th scope="col" title={fusion === 'rrf' ? 'weight / (k + rank)' : 'weight × normalized'}>
            Adds
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((lane) => {
          const state = laneState(statuses[lane]);
          const hit = hits[lane];
          if (isDropped(state)) {
            return (
              <tr key={lane} className="lane-row dropped" data-lane={lane} data-state={state.state}>
                <th scope="row" title={laneTooltip(lane)}>
                  <span className={`dot lane-${lane}`} aria-hidden="true" />
                  {LANE_LABEL[lane]}
                </th>
                <td colSpan={4} title={state.reason}>
                  {state.state}
                </td>
              </tr>
            );
          }
          const found = hit && hit.rank !== null;
          return (
            <tr key={lane} className={found ? 'lane-row' : 'lane-row miss'} data-lane={lane}>
              <th scope="row" title={laneTooltip(lane)}>
                <span className={`dot lane-${lane}`} aria-hidden="true" />
                {LANE_LABEL[lane]}
              </th>
              <td className="lane-rank" data-rank={found ? hit.rank! : ''}>
                {found ? `#${hit.rank}` : '—'}
              </td>
              <td>{found ? formatScore(hit.score) : 'not found'}</td>
              <td>{found ? formatScore(hit.normalized, 2) : ''}</td>
              <td className="lane-contrib">{found ? `+${formatScore(hit.contribution, 4)}` : ''}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
