// Chunk vectors (vec0), the embedding cache and the semantic meta.
// The interface every store implements (SQLite today: sqlite/vectors.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface VectorRepo {
}
