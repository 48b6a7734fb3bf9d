// Chunk vectors in a sqlite-vec vec0 table made for the model in use. Switching models drops the
// table and re-embeds: vectors of two models are never mixed. Computed vectors are also kept by
// (model, chunk text hash), so an unchanged section is never embedded twice.
import type { Db } from '../store/database.ts';
import { writeTransaction } from '../store/write-lock.ts';
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
    const current = this.model();
    if (current && current.id === model.id && current.dim === model.dim) return false;
    await writeTransaction(this.db, () => {
      this.db.exec(`DROP TRIGGER IF EXISTS vec_chunks_delete; DROP TABLE IF EXISTS vec_chunks;`);
      this.db.exec(`CREATE VIRTUAL TABLE vec_chunks USING vec0(embedding float[${model.dim}] distance_metric=cosine)`);
      this.db.exec(`CREATE TRIGGER vec_chunks_delete AFTER DELETE ON chunks BEGIN DELETE FROM vec_chunks WHERE rowid = old.rowid; END;`);
      this.setMeta('vec_model', model.id);
      this.setMeta('vec_dim', String(model.dim));
      this.bumpVersion();
    });
    return true;
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

  async put(modelId: string, rows: { rowid: number; hash: string; vector: Float32Array }[]): Promise<void> {
    const insertVec = this.db.prepare(`INSERT OR REPLACE INTO vec_chunks (rowid, embedding) VALUES (?, ?)`);
    const insertCache = this.db.prepare(`INSERT OR IGNORE INTO embed_cache (model, hash, vector) VALUES (?, ?, ?)`);
    await writeTransaction(this.db, () => {
      for (const r of rows) {
        const bytes = Buffer.from(r.vector.buffer, r.vector.byteOffset, r.vector.byteLength);
        insertVec.run(BigInt(r.rowid), bytes); // sqlite-vec wants a BigInt rowid from JavaScript
        insertCache.run(modelId, r.hash, bytes);
      }
      this.bumpVersion();
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
