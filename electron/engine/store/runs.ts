// Indexing runs, roots, files, walk problems, counts, stale records.
// The interface every store implements (SQLite today: sqlite/runs.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface RunRepo {
}
