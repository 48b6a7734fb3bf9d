// What a lane gives the fusion: pages, best first, each with its raw score and the chunk that won it.
import type { LaneReason, SearchFilters } from '../../../shared/search.ts';
import type { Store } from '../store/store.ts';

export interface PageHit {
  pageId: number;
  score: number;
  chunkRowid: number | null;
  /** A score on a fixed 0..1 scale already, used by convex fusion instead of min-max over the lane. */
  normalized?: number;
}

export interface LaneQuery {
  store: Store;
  text: string;
  /** Which pages the lane may return (every lane applies the same, in the store). */
  filters: SearchFilters;
  /** How many pages the lane should return at most. */
  limit: number;
}

/** Thrown for a lane that has nothing to do for this query: reported as skipped, with the reason's code. */
export class LaneSkipped extends Error {
  constructor(
    readonly reason: Exclude<LaneReason, 'error' | 'timeout'>,
    message: string,
  ) {
    super(message);
  }
}

/** Chunk hits arrive best first; a page keeps its best chunk. */
export function rollUpToPages(chunks: Iterable<PageHit>, limit: number): PageHit[] {
  const seen = new Set<number>();
  const pages: PageHit[] = [];
  for (const c of chunks) {
    if (seen.has(c.pageId)) continue;
    seen.add(c.pageId);
    pages.push(c);
    if (pages.length >= limit) break;
  }
  return pages;
}
