// Why one result ranked where it did, in full, shown on demand: its fused score, what each lane
// added (the stacked bar, on a scale shared by the list so bars compare), the lane table, and how
// the graph lane reached it.
import type { Fusion, Lane, LaneStatus } from '../../shared/search.ts';
import { describeGraphVia, formatScore } from '../search/lanes.ts';
import type { RankedResult } from '../search/lens.ts';
import { ContributionBar } from './ContributionBar.tsx';
import { LaneTable } from './LaneTable.tsx';

interface Props {
  result: RankedResult;
  id: string;
  maxScore: number;
  statuses: Partial<Record<Lane, LaneStatus>>;
  fusion: Fusion;
}

export function ResultExplanation({ result: r, id, maxScore, statuses, fusion }: Props) {
  return (
    <div className="result-explain" id={id}>
      <div className="explain-score">
        <div className="result-score">
          <span className="muted">score</span> <span className="score-value">{formatScore(r.score, 4)}</span>
          <span className="muted">
            {' '}
            · {r.lanesMatched} lane{r.lanesMatched === 1 ? '' : 's'}
          </span>
        </div>
        <ContributionBar lanes={r.lanes} max={maxScore} />
        {r.rerank && (
          <p className="rerank-note" data-fused-rank={r.rerank.fusedRank}>
            <span className="muted">reranker</span> <span className="score-value">{formatScore(r.rerank.score, 4)}</span>
            <span className="muted"> · blended rank #{r.rerank.fusedRank}</span>
          </p>
        )}
        {r.graphVia && (
          <p className="graph-via">
            <span className="dot lane-graph" aria-hidden="true" />
            {describeGraphVia(r.graphVia)}
          </p>
        )}
      </div>
      <LaneTable hits={r.lanes} statuses={statuses} fusion={fusion} />
    </div>
  );
}
