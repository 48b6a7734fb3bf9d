// Links between pages (and to sources, attachments, missing targets): findings, backlinks, relinking.
// The interface every store implements (SQLite today: sqlite/links.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface LinkRepo {
}
