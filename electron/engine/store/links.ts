// Links between pages (and to sources, attachments, missing targets): findings, backlinks, relinking.
// The interface every store implements (SQLite today: sqlite/links.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { LinkKind } from '../../../shared/page.ts';

/** One step between pages: `link` when `seed` links to `to`, `backlink` when `to` links to `seed`. */
export interface LinkStep {
  seed: number;
  to: number;
  edge: 'link' | 'backlink';
}

/** A link as an indexing run writes it, in the order written; resolving it is relinking's work. */
export interface NewLink {
  line: number;
  kind: LinkKind;
  target: string;
  anchor: string | null;
  label: string | null;
  /** The key it names, lower case (graph/resolve.ts targetKey). */
  targetKey: string;
}

export interface LinkRepo {
  /** Every page one link from the seeds, either way (a page's links to itself left out): the links out first, then the links in. */
  around(seeds: number[]): Promise<LinkStep[]>;

  // written by indexing runs
  /** Replaces a page's links with these, unresolved. */
  replaceForPage(pageId: number, links: readonly NewLink[]): Promise<void>;
}
