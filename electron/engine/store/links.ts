// Links between pages (and to sources, attachments, missing targets): findings, backlinks, relinking.
// The interface every store implements (SQLite today: sqlite/links.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).

/** One step between pages: `link` when `seed` links to `to`, `backlink` when `to` links to `seed`. */
export interface LinkStep {
  seed: number;
  to: number;
  edge: 'link' | 'backlink';
}

export interface LinkRepo {
  /** Every page one link from the seeds, either way (a page's links to itself left out): the links out first, then the links in. */
  around(seeds: number[]): Promise<LinkStep[]>;
}
