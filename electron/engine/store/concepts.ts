// The concept dictionary and mentions.
// The interface every store implements (SQLite today: sqlite/concepts.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface ConceptRepo {
}
