// A result's fused score as a stacked bar: one segment per lane, its width the lane's
// contribution, on a scale shared by all results (`max`), so bars compare across the list.
import type { Lane, LaneHit } from '../../shared/search.ts';
import { LANES, LANE_LABEL, formatScore, laneColor } from '../search/lanes.ts';

export function ContributionBar({ lanes, max }: { lanes: Partial<Record<Lane, LaneHit>>; max: number }) {
  const parts = LANES.flatMap((lane) => {
    const hit = lanes[lane];
    return hit && hit.contribution > 0 ? [{ lane, value: hit.contribution }] : [];
  });
  const label = parts.length ? parts.map((p) => `${LANE_LABEL[p.lane]} ${formatScore(p.value, 4)}`).join(' + ') : 'no lane contributed';
  return (
    <div className="contrib-bar" role="img" aria-label={`Contributions: ${label}`} title={label}>
      {parts.map((p) => (
        <span
          key={p.lane}
          className={`contrib-seg lane-bg-${p.lane}`}
          data-lane={p.lane}
          style={{ width: `${max > 0 ? (p.value / max) * 100 : 0}%`, background: laneColor(p.lane) }}
        />
      ))}
    </div>
  );
}
