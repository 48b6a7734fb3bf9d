// Query events and their outcomes (in the history file).
// The interface every store implements (SQLite today: sqlite/outcomes.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface OutcomeRepo {
}
