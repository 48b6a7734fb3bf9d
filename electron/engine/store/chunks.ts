// Chunks of pages: their text, headings, hashes; what a run writes and what search reads.
// The interface every store implements (SQLite today: sqlite/chunks.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { SearchFilters } from '../../../shared/search.ts';

/** A chunk found by its rowid, with the page it belongs to. */
export interface ChunkOfPage {
  rowid: number;
  pageId: number;
}

/** A section of a page as a result shows it. */
export interface Section {
  heading: string | null;
  /** 1-based line of the page the section starts on. */
  line: number;
  text: string;
}

/** One chunk's text, in page order. */
export interface ChunkText {
  pageId: number;
  text: string;
}

/** A chunk as an indexing run writes it (ingest/parse/chunk.ts makes them). */
export interface NewChunk {
  id: string;
  ord: number;
  heading: string | null;
  headingPath: string[];
  text: string;
  hash: string;
  line: number;
}

export interface ChunkRepo {
  /** The chunks among `rowids` whose pages `filters` let through, with their page (in no order). */
  visibleAmong(rowids: number[], filters: SearchFilters): Promise<ChunkOfPage[]>;
  /**
   * For each wanted page, in the order asked: the chunk `chunkRowid` when given and still there,
   * else the page's first chunk; null for a page without chunks.
   */
  sections(wanted: { pageId: number; chunkRowid: number | null }[]): Promise<(Section | null)[]>;
  /** The text of every chunk of the pages, page by page (by id), each in its order on the page. */
  textsOf(pageIds: number[]): Promise<ChunkText[]>;

  // written by indexing runs
  /** Replaces each page's chunks with these (their lexical rows go with the old ones), a batch of
   * pages at once, each given once; returns each page's new chunks' rowids, in order. */
  replaceForPages(pages: readonly { pageId: number; chunks: readonly NewChunk[] }[]): Promise<number[][]>;
}
