// The lexical (FTS5/BM25) and token indexes.
// The interface every store implements (SQLite today: sqlite/lexical.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface LexicalRepo {
}
