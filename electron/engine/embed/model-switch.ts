// Moving an index to another embedding model while it goes on answering: every chunk is embedded
// with the new model into the embedding cache (the table keeps the old model's vectors, and search
// keeps using them), then the table becomes the new model's in one write (VectorStore.switchTo).
// Going back is the same move: the old model's vectors are still in the cache, so only chunks
// written since are embedded again.
import type { Store } from '../store/store.ts';
import type { Embedder } from './embedder.ts';
import type { EmbedProgress } from './semantic-index.ts';
import type { VectorStore } from './vector-store.ts';

const BATCH = 256;

export interface SwitchReport {
  /** Chunks the new model embedded; the rest came from the cache. */
  computed: number;
  /** Vectors the table holds once switched. */
  stored: number;
}

/** Embeds what the cache lacks of `next`'s vectors, then switches the table to it. */
export async function switchVectors(
  store: Store,
  vectors: VectorStore,
  next: Embedder,
  setting: string,
  onProgress: (p: EmbedProgress) => void,
): Promise<SwitchReport> {
  const computed = await prepareVectors(store, vectors, next, onProgress);
  const stored = await vectors.switchTo({ id: next.info.id, dim: next.info.dim, setting });
  return { computed, stored };
}

/** Puts a vector of `next` in the cache for every chunk's text that has none there; returns how many it computed. */
export async function prepareVectors(store: Store, vectors: VectorStore, next: Embedder, onProgress: (p: EmbedProgress) => void): Promise<number> {
  const { chunks: total } = await store.runs.counts();
  const note = `embedding with ${next.info.id}; search goes on with the model in use`;
  let done = 0;
  let computed = 0;
  for (let after = 0; ;) {
    const batch = await store.vectors.texts(after, BATCH);
    if (batch.length === 0) break;
    const cached = await vectors.cached(
      next.info.id,
      batch.map((c) => c.hash),
    );
    const missing = batch.filter((c) => !cached.has(c.hash));
    if (missing.length) {
      const fresh = await next.embed(missing.map((c) => c.text));
      await store.write((tx) =>
        tx.vectors.cache(
          next.info.id,
          missing.map((c, i) => ({ hash: c.hash, vector: fresh[i]! })),
        ),
      );
    }
    done += batch.length;
    computed += missing.length;
    after = batch.at(-1)!.rowid;
    onProgress({ phase: 'embed', done, total: Math.max(total, done), computed, note });
  }
  return computed;
}
