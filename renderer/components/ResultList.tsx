// The ranked list. The selection moves with the arrow keys (handled by the screen) and is kept
// in view, opened explanation and all; a click selects, and the title link opens the page.
import { useEffect, useRef } from 'react';
import type { Fusion, Lane, LaneStatus, SearchResult } from '../../shared/search.ts';
import type { RankedResult } from '../search/lens.ts';
import { ResultCard } from './ResultCard.tsx';

interface Props {
  results: RankedResult[];
  selected: number;
  onSelect: (index: number) => void;
  /** whether a result shows its full explanation, and flipping that */
  explained: (r: SearchResult) => boolean;
  onExplain: (r: SearchResult) => void;
  statuses: Partial<Record<Lane, LaneStatus>>;
  fusion: Fusion;
  query: string;
  words: string[];
}

export function ResultList({ results, selected, onSelect, explained, onExplain, statuses, fusion, query, words }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const selectedExplained = results[selected] !== undefined && explained(results[selected]);
  useEffect(() => {
    list.current?.querySelector(`#result-${selected + 1}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected, selectedExplained]);
  const maxScore = Math.max(0, ...results.map((r) => r.score));
  return (
    <ol className="results" ref={list} aria-label="Results" data-query={query}>
      {results.map((r, i) => (
        <ResultCard
          key={r.key + r.path}
          result={r}
          position={i + 1}
          selected={i === selected}
          explained={explained(r)}
          maxScore={maxScore}
          statuses={statuses}
          fusion={fusion}
          words={words}
          onSelect={() => onSelect(i)}
          onExplain={() => onExplain(r)}
        />
      ))}
    </ol>
  );
}
