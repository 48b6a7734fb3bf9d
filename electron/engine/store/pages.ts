// Pages: lookup by key/path/id, the one visibility rule (visibleTo), page rows for views, writes of page rows.
// The interface every store implements (SQLite today: sqlite/pages.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface PageRepo {
}
