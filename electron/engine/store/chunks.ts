// Chunks of pages: their text, headings, hashes; what a run writes and what search reads.
// The interface every store implements (SQLite today: sqlite/chunks.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
export interface ChunkRepo {
}
