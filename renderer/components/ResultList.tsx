// The ranked list. The selection moves with the arrow keys (handled by the screen) and is kept
// in view; a click selects, and the title link opens the page.
import { useEffect, useRef } from 'react';
import type { Fusion, Lane, LaneStatus } from '../../shared/search.ts';
import type { RankedResult } from '../search/rerank.ts';
import { ResultCard } from './ResultCard.tsx';

interface Props {
  results: RankedResult[];
  selected: number;
  onSelect: (index: number) => void;
  statuses: Partial<Record<Lane, LaneStatus>>;
  fusion: Fusion;
  query: string;
}

export function ResultList({ results, selected, onSelect, statuses, fusion, query }: Props) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector(`#result-${selected + 1}`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  const maxScore = Math.max(0, ...results.map((r) => r.score));
  return (
    <ol className="results" ref={list} aria-label="Results" data-query={query}>
      {results.map((r, i) => (
        <ResultCard
          key={r.key + r.path}
          result={r}
          position={i + 1}
          selected={i === selected}
          maxScore={maxScore}
          statuses={statuses}
          fusion={fusion}
          query={query}
          onSelect={() => onSelect(i)}
        />
      ))}
    </ol>
  );
}
