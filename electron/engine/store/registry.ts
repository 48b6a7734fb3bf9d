// The skill registry: registrations, evidence, decisions.
// The interface every store implements (SQLite today: sqlite/registry.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface RegistryRepo {
}
