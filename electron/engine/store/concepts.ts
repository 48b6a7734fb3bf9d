// The concept dictionary and mentions.
// The interface every store implements (SQLite today: sqlite/concepts.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface ConceptRepo {
  // what consolidation (curation/consolidate.ts) groups notes by
  /** The concepts (normal forms) the page's prose mentions. */
  mentionedBy(pageId: number): Promise<string[]>;
  /** The concepts the page's tags and aliases name. */
  taggedBy(pageId: number): Promise<string[]>;
  /** The concept's name as written, or null when the dictionary has no such concept. */
  nameOf(norm: string): Promise<string | null>;
  /** Pages (not archived) whose key, title or an alias names the concept, by key. */
  pagesNaming(norm: string): Promise<{ id: number; key: string; agent: string | null }[]>;
}
