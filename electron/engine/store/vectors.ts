// Chunk vectors (vec0), the embedding cache and the semantic meta.
// The interface every store implements (SQLite today: sqlite/vectors.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).

/** The model the stored vectors were computed with: vectors of two models are never mixed. */
export interface VectorModel {
  id: string;
  dim: number;
  /** The model setting the vectors were made under (`hub:ID`, `adaptive`, a folder): what another
   * server sharing the index follows when one switches it. Null for vectors stored before it was kept. */
  setting?: string | null;
}

/** A chunk with no vector yet, with the text to embed: page title, section path, section text. */
export interface PendingChunk {
  rowid: number;
  hash: string;
  text: string;
}

/** A vector computed from the chunk's text whose hash is `hash`. */
export interface ChunkVector {
  rowid: number;
  hash: string;
  vector: Float32Array;
}

/** Every stored vector at once, row after row (`dim` floats each), for a scan in memory. */
export interface VectorMatrix {
  rowids: Int32Array;
  matrix: Float32Array;
  dim: number;
}

/** One file of a model's folder: its path inside the folder ('/' between names) and its bytes. */
export interface ModelFile {
  path: string;
  bytes: Buffer;
}

export interface Neighbour {
  rowid: number;
  /** cosine distance, 1 − cos */
  distance: number;
}

export interface VectorRepo {
  /** The model of the vector table, or null when there is none. */
  model(): Promise<VectorModel | null>;
  /** Drops every vector and makes an empty table for `model`. Call inside a write. */
  recreate(model: VectorModel): Promise<void>;
  /** How many chunks have no vector yet. */
  countPending(): Promise<number>;
  /** The first `limit` chunks with no vector yet, in rowid order. */
  pending(limit: number): Promise<PendingChunk[]>;
  /** Every chunk's text to embed, as `pending` gives it, vector or not: the first `limit` after rowid `after`, in rowid order. */
  texts(after: number, limit: number): Promise<PendingChunk[]>;
  /** The cached vectors of `model` for these text hashes (those it has). */
  cached(model: string, hashes: string[]): Promise<Map<string, Float32Array>>;
  /** Keeps vectors by (model, text hash); one already kept stays. Call inside a write. */
  cache(model: string, vectors: { hash: string; vector: Float32Array }[]): Promise<void>;
  /**
   * Stores each vector on its chunk, replacing any it had, when the chunk still has the text it was
   * computed from (`hash`); a chunk removed or rewritten since is left out. Returns how many were
   * stored. Call inside a write.
   */
  replace(vectors: ChunkVector[]): Promise<number>;
  /** Forgets cached vectors of `model` whose text no chunk has any more; returns how many. Call inside a write. */
  pruneCache(model: string): Promise<number>;
  /** The k nearest chunks by cosine distance, nearest first. */
  nearest(vector: Float32Array, k: number): Promise<Neighbour[]>;
  /** Moves with every write of vectors, by any process: an in-memory copy reloads when it differs. */
  version(): Promise<string>;
  /** Every stored vector, in one read. */
  matrix(): Promise<VectorMatrix>;
  /** What the adaptive model learns from: each chunk's page title and text, in rowid order. */
  corpusTexts(): Promise<string[]>;
  /** Whether pages changed since the adaptive model's drift was last measured. */
  driftUnmeasured(): Promise<boolean>;
  /** Call inside a write. */
  setDriftUnmeasured(unmeasured: boolean): Promise<void>;
  /**
   * Keeps the files of model `id` (one a process learned from the wiki: the adaptive model) where
   * every process sharing this store finds them, so that each embeds queries with the model the
   * stored vectors were computed with. Call inside a write, before storing vectors of it.
   */
  shareModel(id: string, files: () => ModelFile[]): Promise<void>;
  /** The files shareModel kept of model `id`, or null when the store keeps none of it. */
  sharedModel(id: string): Promise<ModelFile[] | null>;
}
