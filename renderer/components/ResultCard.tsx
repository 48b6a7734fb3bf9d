// One search result, compact so a screen holds many: rank, title, where it is and the section that
// matched, the snippet, and its lanes on one line. Opened (its lane strip, Shift+Enter, or the
// "Lane tables" toggle) it also shows the full explanation beside it, and the page's tags.
import type { Fusion, Lane, LaneStatus } from '../../shared/search.ts';
import { pageHref } from '../app/route.ts';
import type { RankedResult } from '../search/lens.ts';
import { Highlight } from './Highlight.tsx';
import { FusedRankNote } from './FusedRankNote.tsx';
import { LaneStrip } from './LaneStrip.tsx';
import { MoveBadge } from './MoveBadge.tsx';
import { ResultExplanation } from './ResultExplanation.tsx';
import { ScopeBadge } from './ScopeBadge.tsx';

interface Props {
  result: RankedResult;
  position: number;
  selected: boolean;
  explained: boolean;
  maxScore: number;
  statuses: Partial<Record<Lane, LaneStatus>>;
  fusion: Fusion;
  /** the words the engine searched for: what the snippet marks */
  words: string[];
  onSelect: () => void;
  onExplain: () => void;
}

export function ResultCard({ result: r, position, selected, explained, maxScore, statuses, fusion, words, onSelect, onExplain }: Props) {
  const explanationId = `result-${position}-explained`;
  return (
    <li
      className={`result${selected ? ' selected' : ''}${explained ? ' explained' : ''}`}
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
          <FusedRankNote
            step="mmr"
            fusedRank={r.mmr.fusedRank}
            because={`Variety (MMR) moved it from blended rank ${r.mmr.fusedRank}; similarity to a result above: ${r.mmr.similarity}`}
          />
        )}
        {r.rerank && r.rerank.fusedRank !== r.baseIndex + 1 && (
          <FusedRankNote
            step="rerank"
            fusedRank={r.rerank.fusedRank}
            because={`The reranker moved it from blended rank ${r.rerank.fusedRank}; its score ${r.rerank.score}`}
          />
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
          <LaneStrip hits={r.lanes} statuses={statuses} graphVia={r.graphVia} expanded={explained} controls={explanationId} onToggle={onExplain} />
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
          <Highlight text={r.snippet} words={words} />
        </p>
        {explained && r.tags.length > 0 && (
          <ul className="tags" aria-label="Tags">
            {r.tags.map((t) => (
              <li key={t}>#{t}</li>
            ))}
          </ul>
        )}
      </div>
      {explained && <ResultExplanation result={r} id={explanationId} maxScore={maxScore} statuses={statuses} fusion={fusion} />}
    </li>
  );
}
