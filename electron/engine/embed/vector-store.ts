// Chunk vectors of the model in use (the store's vectors: store/vectors.ts). Switching models
// empties the table and re-embeds: vectors of two models are never mixed. Computed vectors are also
// kept by (model, chunk text hash), so an unchanged section is never embedded twice.
import type { Store } from '../store/store.ts';
import type { ChunkVector, Neighbour, PendingChunk, VectorModel } from '../store/vectors.ts';
import { VectorScan } from './vector-scan.ts';

export type { PendingChunk, VectorModel };

/** Chunks read and stored at a time while switching models. */
const SWITCH_BATCH = 1024;

export class VectorStore {
  /** A long-lived process keeps the vectors in memory (vector-scan.ts); a one-off command asks the store. */
  private scan: VectorScan | null = null;

  constructor(private store: Store) {}

  keepInMemory(): void {
    this.scan ??= new VectorScan();
  }

  model(): Promise<VectorModel | null> {
    return this.store.vectors.model();
  }

  /**
   * Makes the vector table fit `model`; returns true when it had to be (re)created, emptying it.
   * A table another setting chose (another server's switch) is left as it is unless `override`
   * (a model named explicitly at start): 'theirs' says so.
   */
  async use(model: VectorModel, override = false): Promise<boolean | 'theirs'> {
    const fits = (current: VectorModel | null) => !!current && current.id === model.id && current.dim === model.dim;
    const chosenElsewhere = (current: VectorModel | null) => !override && !!current?.setting && current.setting !== model.setting;
    if (fits(await this.model())) return false;
    const made = await this.store.write(async (tx) => {
      // asked again under the lock: another process may have made it meanwhile, or switched it
      const current = await tx.vectors.model();
      if (fits(current)) return false;
      if (chosenElsewhere(current)) return 'theirs' as const;
      await tx.vectors.recreate(model);
      return true;
    });
    if (made === true) this.scan?.invalidate();
    return made;
  }

  /**
   * Makes the table `model`'s in one write, every chunk given its vector from the cache (those
   * prepared ahead: embed/model-switch.ts), so a search sees the old model's vectors or the new
   * one's, never a table half filled. A chunk with nothing cached is left pending. Returns how many
   * vectors it stored.
   */
  async switchTo(model: VectorModel): Promise<number> {
    const stored = await this.store.write(async (tx) => {
      await tx.vectors.recreate(model);
      let stored = 0;
      for (let after = 0; ;) {
        const batch = await tx.vectors.texts(after, SWITCH_BATCH);
        if (batch.length === 0) return stored;
        const cached = await tx.vectors.cached(
          model.id,
          batch.map((c) => c.hash),
        );
        stored += await tx.vectors.replace(batch.filter((c) => cached.has(c.hash)).map((c) => ({ rowid: c.rowid, hash: c.hash, vector: cached.get(c.hash)! })));
        after = batch.at(-1)!.rowid;
      }
    });
    this.scan?.invalidate();
    return stored;
  }

  countPending(): Promise<number> {
    return this.store.vectors.countPending();
  }

  /** Chunks with no vector yet, with the text to embed: page title, section path, section text. */
  pending(limit: number): Promise<PendingChunk[]> {
    return this.store.vectors.pending(limit);
  }

  cached(modelId: string, hashes: string[]): Promise<Map<string, Float32Array>> {
    return this.store.vectors.cached(modelId, hashes);
  }

  /**
   * Stores vectors computed from chunks read before, outside the lock: each chunk is checked again
   * under it, since another process sharing the database may meanwhile have embedded it (its vector
   * is replaced), rewritten or removed it (left out: its new text is pending), or switched the
   * table to another model (nothing stored). Returns how many vectors it stored.
   */
  async put(modelId: string, rows: ChunkVector[]): Promise<number> {
    const stored = await this.store.write(async (tx) => {
      // the cache is keyed by model and text, so it is right whatever happened to the chunks
      await tx.vectors.cache(modelId, rows);
      if ((await tx.vectors.model())?.id !== modelId) return 0;
      return tx.vectors.replace(rows);
    });
    // committed: this process's scan reloads at its next search
    if (stored) this.scan?.invalidate();
    return stored;
  }

  /** Forgets cached vectors of this model whose text no chunk has any more. */
  pruneCache(modelId: string): Promise<number> {
    return this.store.write((tx) => tx.vectors.pruneCache(modelId));
  }

  /** Nearest chunks by cosine distance, nearest first. */
  async nearest(vector: Float32Array, k: number): Promise<Neighbour[]> {
    if (!this.scan) return this.store.vectors.nearest(vector, k);
    await this.scan.sync(this.store.vectors);
    return this.scan.nearest(vector, k);
  }
}
