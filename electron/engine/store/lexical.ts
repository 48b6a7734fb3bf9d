// The lexical (FTS5/BM25) and token indexes.
// The interface every store implements (SQLite today: sqlite/lexical.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { SearchFilters } from '../../../shared/search.ts';

/** A chunk the lexical index ranked: its page, its rowid and its score (higher is better). */
export interface RankedChunk {
  pageId: number;
  chunkRowid: number;
  score: number;
}

/** A page the token index ranked (higher is better). */
export interface RankedPage {
  pageId: number;
  score: number;
}

/** What the lexical index holds of a page beside each chunk's text. */
export interface LexicalPage {
  /** The key with its separators as spaces, so its words match. */
  keyWords: string;
  title: string;
  summary: string | null;
  /** Space-separated. */
  tags: string;
}

/** bm25 column weights: a word in the key or title says more about the page than one in its body. */
export const COLUMN_WEIGHTS = { key: 2, title: 2, summary: 1.5, tags: 1.5, body: 1 } as const;

/** What the lexical index holds of a page, from its key and frontmatter: one mapping for indexing and copying. */
export function lexicalPage(page: { key: string; title: string; summary: string | null; tags: readonly string[] }): LexicalPage {
  return { keyWords: page.key.replace(/[-_]/g, ' '), title: page.title, summary: page.summary, tags: page.tags.join(' ') };
}

/** A page's lexical fields and its chunks' texts, before its rows are written (LexicalRepo.prepare). */
export interface LexicalSource {
  page: LexicalPage;
  chunks: readonly { text: string }[];
}

/** One page for LexicalRepo.indexPages. */
export interface LexicalIndexing {
  pageId: number;
  page: LexicalPage;
  chunks: readonly { rowid: number; text: string }[];
  terms: readonly string[];
}

export interface LexicalRepo {
  /**
   * Chunks holding any of `words` (each taken literally, stemmed by the index), best BM25 first
   * with the key and title weighing most, among the pages `filters` let through; at most `limit`.
   * Unfiltered, the index ranks first and filters after (several times faster); narrowed, it ranks
   * within the filter, so a narrow filter never comes up short.
   */
  rankChunks(words: string[], filters: SearchFilters, limit: number): Promise<RankedChunk[]>;
  /**
   * Pages whose key, title, summary or tags share `terms` (stemmed), among the pages `filters`
   * let through: the share of the terms the page has, plus at most 0.001 for the share of the
   * page's terms that matched (among equals the more specific page wins); best first, then by key.
   */
  rankPagesByTerms(terms: string[], filters: SearchFilters, limit: number): Promise<RankedPage[]>;

  // written by indexing runs
  /**
   * Runs `load`, a run that may index many pages, letting the store load them in bulk, then
   * `then`: PostgreSQL builds the postings' key once the load is done, when the index started
   * empty, beside `then` (a run's link phase, which reads no postings) (postgres/lexical.ts);
   * SQLite has nothing to do. The key is back (and searches use it) when it settles, failed or not.
   */
  bulkLoad<T, U>(load: () => Promise<T>, then: (loaded: T) => Promise<U>): Promise<U>;
  /**
   * Indexes each page's chunks (by the rowids chunks.replaceForPage gave) and replaces its terms
   * (search/terms.ts pageTerms): call after replacing their chunks, which removed their old rows.
   * A batch of pages at once, so a store over the network writes them in a few statements.
   */
  indexPages(pages: readonly LexicalIndexing[]): Promise<void>;
  /**
   * Starts what indexing these pages computes before it can write (PostgreSQL: each chunk's term
   * counts), in slices while the batch's other rows are written, so that its CPU time falls where
   * the process waits for the database; indexPages, given the same `page` objects, uses it.
   * SQLite's FTS5 counts the terms itself: nothing to do.
   */
  prepare(pages: readonly LexicalSource[]): void;
}
