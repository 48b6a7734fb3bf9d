// Pages: lookup by key/path/id, the one visibility rule (visibleTo), page rows for views, writes of page rows.
// The interface every store implements (SQLite today: sqlite/pages.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
/** A page consolidation may take as a note (curation/consolidate.ts). */
export interface NoteCandidate {
  id: number;
  key: string;
  agent: string | null;
  root: string;
  rel: string;
  title: string;
  /** JSON array. */
  tags: string;
  tier: string | null;
  updated: string | null;
}

export interface PageRepo {
  // what consolidation (curation/consolidate.ts) reads
  /** Pages neither archived nor reflections, by key. */
  noteCandidates(): Promise<NoteCandidate[]>;
  /** The paths (with their #L line) every reflection's provenance cites. */
  reflectionSources(): Promise<string[]>;
  /** Every page's key, lower case. */
  keysLower(): Promise<string[]>;
}
