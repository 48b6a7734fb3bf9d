// One search result with its explanation: where it is, the matching section, and the fusion
// debugger (stacked contribution bar and the lane table) beside it.
import type { Fusion, Lane, LaneStatus } from '../../shared/search.ts';
import { pageHref } from '../app/route.ts';
import { describeGraphVia, formatScore } from '../search/lanes.ts';
import type { RankedResult } from '../search/rerank.ts';
import { ContributionBar } from './ContributionBar.tsx';
import { Highlight } from './Highlight.tsx';
import { LaneTable } from './LaneTable.tsx';
import { MoveBadge } from './MoveBadge.tsx';
import { ScopeBadge } from './ScopeBadge.tsx';

interface Props {
  result: RankedResult;
  position: number;
  selected: boolean;
  maxScore: number;
  statuses: Partial<Record<Lane, LaneStatus>>;
  fusion: Fusion;
  query: string;
  onSelect: () => void;
}

export function ResultCard({ result: r, position, selected, maxScore, statuses, fusion, query, onSelect }: Props) {
  return (
    <li
      className={selected ? 'result selected' : 'result'}
      data-key={r.key}
      data-position={position}
      aria-current={selected ? 'true' : undefined}
      id={`result-${position}`}
      onMouseDown={onSelect}
    >
      <div className="result-rank">
        <span className="rank-number">{position}</span>
        <MoveBadge moved={r.moved} />
        {r.mmr && r.mmr.fusedRank !== r.baseIndex + 1 && (
          <span
            className="mmr-from"
            data-fused-rank={r.mmr.fusedRank}
            title={`Variety (MMR) moved it from blended rank ${r.mmr.fusedRank}; similarity to a result above: ${r.mmr.similarity}`}
          >
            was #{r.mmr.fusedRank}
          </span>
        )}
      </div>
      <div className="result-main">
        <div className="result-head">
          <a className="result-title" href={pageHref(r, { heading: r.heading, agent: r.scope.agent })}>
            {r.title}
          </a>
          <ScopeBadge scope={r.scope} />
          {r.always && (
            <span className="badge always" title="usage_mode: always — must be surfaced">
              always
            </span>
          )}
        </div>
        <div className="result-path">
          <span className="path">{r.path}</span>
          {r.heading && (
            <>
              <span className="sep" aria-hidden="true">
                ›
              </span>
              <span className="heading">{r.heading}</span>
            </>
          )}
          <span className="line">:{r.line}</span>
        </div>
        <p className="snippet">
          <Highlight text={r.snippet} query={query} />
        </p>
        {r.tags.length > 0 && (
          <ul className="tags" aria-label="Tags">
            {r.tags.map((t) => (
              <li key={t}>#{t}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="result-explain">
        <div className="result-score">
          <span className="muted">score</span> <span className="score-value">{formatScore(r.score, 4)}</span>
          <span className="muted">
            {' '}
            · {r.lanesMatched} lane{r.lanesMatched === 1 ? '' : 's'}
          </span>
        </div>
        <ContributionBar lanes={r.lanes} max={maxScore} />
        <LaneTable hits={r.lanes} statuses={statuses} fusion={fusion} />
        {r.graphVia && (
          <p className="graph-via">
            <span className="dot lane-graph" aria-hidden="true" />
            {describeGraphVia(r.graphVia)}
          </p>
        )}
      </div>
    </li>
  );
}
