// Chunk vectors in a sqlite-vec vec0 table made for the model in use. Switching models drops the
// table and re-embeds: vectors of two models are never mixed. Computed vectors are also kept by
// (model, chunk text hash), so an unchanged section is never embedded twice.
import type { Db } from '../store/database.ts';
import { writeTransaction } from '../store/sqlite/sqlite-store.ts';
import { VectorScan } from './vector-scan.ts';

export interface VectorModel {
  id: string;
  dim: number;
}

export interface PendingChunk {
  rowid: number;
  hash: string;
  text: string;
}

export class VectorStore {
  /** A long-lived process keeps the vectors in memory (vector-scan.ts); a one-off command asks sqlite-vec. */
  private scan: VectorScan | null = null;

  constructor(private db: Db) {}

  keepInMemory(): void {
    this.scan ??= new VectorScan();
  }

  model(): VectorModel | null {
    const id = this.meta('vec_model');
    const dim = this.meta('vec_dim');
    return id && dim && this.hasTable() ? { id, dim: Number(dim) } : null;
  }

  /** Makes the vec0 table fit `model`; returns true when it had to be (re)created, emptying it. */
  async use(model: VectorModel): Promise<boolean> {
    const fits = () => {
      const current = this.model();
      return !!current && current.id === model.id && current.dim === model.dim;
    };
    if (fits()) return false;
    return writeTransaction(this.db, () => {
      // asked again under the lock: another process may have made it meanwhile, and already filled it
      if (fits()) return false;
      this.db.exec(`DROP TRIGGER IF EXISTS vec_chunks_delete; DROP TABLE IF EXISTS vec_chunks;`);
      this.db.exec(`CREATE VIRTUAL TABLE vec_chunks USING vec0(embedding float[${model.dim}] distance_metric=cosine)`);
      this.db.exec(`CREATE TRIGGER vec_chunks_delete AFTER DELETE ON chunks BEGIN DELETE FROM vec_chunks WHERE rowid = old.rowid; END;`);
      this.setMeta('vec_model', model.id);
      this.setMeta('vec_dim', String(model.dim));
      this.bumpVersion();
      return true;
    });
  }

  countPending(): number {
    return (this.db.prepare(`SELECT count(*) AS n FROM chunks WHERE rowid NOT IN (SELECT rowid FROM vec_chunks)`).get() as { n: number }).n;
  }

  /** Chunks with no vector yet, with the text to embed: page title, section path, section text. */
  pending(limit: number): PendingChunk[] {
    return this.db
      .prepare(
        `SELECT c.rowid, c.hash, p.title || char(10) || (SELECT coalesce(group_concat(value, ' > '), '') FROM json_each(c.heading_path)) || char(10) || c.text AS text
         FROM chunks c JOIN pages p ON p.id = c.page_id
         WHERE c.rowid NOT IN (SELECT rowid FROM vec_chunks) ORDER BY c.rowid LIMIT ?`,
      )
      .all(limit) as PendingChunk[];
  }

  cached(modelId: string, hashes: string[]): Map<string, Float32Array> {
    const out = new Map<string, Float32Array>();
    const get = this.db.prepare(`SELECT vector FROM embed_cache WHERE model = ? AND hash = ?`);
    for (const h of hashes) {
      const row = get.get(modelId, h) as { vector: Buffer } | undefined;
      if (row) out.set(h, new Float32Array(row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength)));
    }
    return out;
  }

  /**
   * Stores vectors computed from chunks read before, outside the lock: each chunk is checked again
   * under it, since another process sharing the database may meanwhile have embedded it (its vector
   * is replaced: vec0 ignores INSERT OR REPLACE, so delete, then insert), rewritten or removed it
   * (left out: its new text is pending), or switched the table to another model (nothing stored).
   * Returns how many vectors it stored.
   */
  async put(modelId: string, rows: { rowid: number; hash: string; vector: Float32Array }[]): Promise<number> {
    const insertCache = this.db.prepare(`INSERT OR IGNORE INTO embed_cache (model, hash, vector) VALUES (?, ?, ?)`);
    const hashOf = this.db.prepare(`SELECT hash FROM chunks WHERE rowid = ?`).pluck();
    return writeTransaction(this.db, () => {
      // the cache is keyed by model and text, so it is right whatever happened to the chunks
      for (const r of rows) insertCache.run(modelId, r.hash, vectorBytes(r.vector));
      if (this.model()?.id !== modelId) return 0;
      const deleteVec = this.db.prepare(`DELETE FROM vec_chunks WHERE rowid = ?`);
      const insertVec = this.db.prepare(`INSERT INTO vec_chunks (rowid, embedding) VALUES (?, ?)`);
      let stored = 0;
      for (const r of rows) {
        if (hashOf.get(r.rowid) !== r.hash) continue;
        // sqlite-vec wants a BigInt rowid from JavaScript
        deleteVec.run(BigInt(r.rowid));
        insertVec.run(BigInt(r.rowid), vectorBytes(r.vector));
        stored++;
      }
      if (stored) this.bumpVersion();
      return stored;
    });
  }

  /** Forgets cached vectors of this model whose text no chunk has any more. */
  pruneCache(modelId: string): Promise<number> {
    return writeTransaction(this.db, () => this.db.prepare(`DELETE FROM embed_cache WHERE model = ? AND hash NOT IN (SELECT hash FROM chunks)`).run(modelId).changes);
  }

  /** Nearest chunks by cosine distance, nearest first. */
  nearest(vector: Float32Array, k: number): { rowid: number; distance: number }[] {
    if (this.scan) {
      this.scan.sync(this.db, this.meta('vec_version') ?? '0');
      return this.scan.nearest(vector, k);
    }
    return this.db
      .prepare(`SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ? ORDER BY distance`)
      .all(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), k) as { rowid: number; distance: number }[];
  }

  /** Every write of vectors moves this, so that an in-memory copy in any process knows to reload. */
  private bumpVersion(): void {
    this.db.prepare(`INSERT INTO meta (key, value) VALUES ('vec_version', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`).run();
  }

  private hasTable(): boolean {
    return !!this.db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'`).get();
  }

  meta(key: string): string | null {
    return (this.db.prepare(`SELECT value FROM meta WHERE key = ?`).get(key) as { value: string } | undefined)?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value);
  }
}

function vectorBytes(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}
