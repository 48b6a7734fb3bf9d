// Which results show their full explanation (score, contribution bar, lane table): every one
// while the URL says tables=on, else none, and either way any one flipped by itself (a click on
// its lane strip, Shift+Enter on the selected one). A new query, or the toggle, forgets the flips.
import { useCallback, useEffect, useState } from 'react';
import type { SearchResponse, SearchResult } from '../../shared/search.ts';

/** A result's address, which no other result shares. */
const idOf = (r: SearchResult) => `${r.root}\0${r.path}`;

export function useExplained(all: boolean, answer: SearchResponse | null) {
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(new Set());
  // a new query forgets them, not the same query answered again because a page changed
  useEffect(() => setFlipped(new Set()), [all, answer?.query, answer?.mode]);
  const explained = useCallback((r: SearchResult) => all !== flipped.has(idOf(r)), [all, flipped]);
  const flip = useCallback(
    (r: SearchResult) =>
      setFlipped((before) => {
        const after = new Set(before);
        if (!after.delete(idOf(r))) after.add(idOf(r));
        return after;
      }),
    [],
  );
  return { explained, flip };
}
