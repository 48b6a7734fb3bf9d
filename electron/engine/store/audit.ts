// The audit log (in the history file): entries with the bytes they replaced.
// The interface every store implements (SQLite today: sqlite/audit.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface AuditRepo {
}
