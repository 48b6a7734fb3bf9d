// VectorRepo over the SQLite index: chunk vectors in a sqlite-vec vec0 table made for the model in
// use, the embedding cache by (model, text hash), and their entries in meta. Its statements are
// prepared once per connection; those on vec_chunks once the table exists, again after it is made anew.
import type { Db } from './database.ts';
import type { ChunkVector, ModelFile, Neighbour, PendingChunk, VectorMatrix, VectorModel, VectorRepo } from '../vectors.ts';
import { metaOf } from '../common/meta.ts';
import { sqliteQuery } from './query.ts';

export class SqliteVectors implements VectorRepo {
  private fixed?: ReturnType<typeof fixedStatements>;
  private onTable?: ReturnType<typeof tableStatements>;

  private readonly meta: ReturnType<typeof metaOf>;

  constructor(private readonly db: Db) {
    this.meta = metaOf(sqliteQuery(db));
  }

  private get stmts() {
    return (this.fixed ??= fixedStatements(this.db));
  }

  /** Statements on vec_chunks: prepared only once it exists. */
  private get vec() {
    return (this.onTable ??= tableStatements(this.db));
  }

  async model(): Promise<VectorModel | null> {
    const id = await this.meta.get('vec_model');
    const dim = await this.meta.get('vec_dim');
    const setting = (await this.meta.get('vec_setting')) || null;
    return id && dim && this.stmts.hasTable.get() ? { id, dim: Number(dim), setting } : null;
  }

  async recreate(model: VectorModel): Promise<void> {
    this.onTable = undefined;
    this.db.exec(`DROP TRIGGER IF EXISTS vec_chunks_delete; DROP TABLE IF EXISTS vec_chunks;`);
    this.db.exec(`CREATE VIRTUAL TABLE vec_chunks USING vec0(embedding float[${model.dim}] distance_metric=cosine)`);
    this.db.exec(`CREATE TRIGGER vec_chunks_delete AFTER DELETE ON chunks BEGIN DELETE FROM vec_chunks WHERE rowid = old.rowid; END;`);
    await this.meta.set('vec_model', model.id);
    await this.meta.set('vec_dim', String(model.dim));
    await this.meta.set('vec_setting', model.setting ?? '');
    this.bumpVersion();
  }

  async countPending(): Promise<number> {
    return this.vec.countPending.get() as number;
  }

  async pending(limit: number): Promise<PendingChunk[]> {
    return this.vec.pending.all(limit) as PendingChunk[];
  }

  async texts(after: number, limit: number): Promise<PendingChunk[]> {
    return this.stmts.texts.all(after, limit) as PendingChunk[];
  }

  async cached(model: string, hashes: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    for (const h of hashes) {
      const bytes = this.stmts.cached.get(model, h) as Buffer | undefined;
      if (bytes) out.set(h, new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
    }
    return out;
  }

  async cache(model: string, vectors: { hash: string; vector: Float32Array }[]): Promise<void> {
    for (const v of vectors) this.stmts.cache.run(model, v.hash, vectorBytes(v.vector));
  }

  async replace(vectors: ChunkVector[]): Promise<number> {
    let stored = 0;
    for (const v of vectors) {
      if (this.stmts.hashOf.get(v.rowid) !== v.hash) continue;
      // vec0 ignores INSERT OR REPLACE: delete, then insert; sqlite-vec wants a BigInt rowid from JavaScript
      this.vec.remove.run(BigInt(v.rowid));
      this.vec.insert.run(BigInt(v.rowid), vectorBytes(v.vector));
      stored++;
    }
    if (stored) this.bumpVersion();
    return stored;
  }

  async pruneCache(model: string): Promise<number> {
    return this.stmts.prune.run(model).changes;
  }

  async nearest(vector: Float32Array, k: number): Promise<Neighbour[]> {
    return this.vec.nearest.all(vectorBytes(vector), k) as Neighbour[];
  }

  async version(): Promise<string> {
    return (await this.meta.get('vec_version')) ?? '0';
  }

  async matrix(): Promise<VectorMatrix> {
    const rows = this.vec.all.all() as [number, Buffer][];
    const dim = rows.length ? rows[0]![1].byteLength / 4 : 0;
    const matrix = new Float32Array(rows.length * dim);
    const rowids = new Int32Array(rows.length);
    rows.forEach(([rowid, bytes], i) => {
      rowids[i] = rowid;
      matrix.set(new Float32Array(bytes.buffer, bytes.byteOffset, dim), i * dim);
    });
    return { rowids, matrix, dim };
  }

  async corpusTexts(): Promise<string[]> {
    return this.stmts.corpusTexts.all() as string[];
  }

  async driftUnmeasured(): Promise<boolean> {
    return (await this.meta.get('adaptive_drift_unmeasured')) === '1';
  }

  async setDriftUnmeasured(unmeasured: boolean): Promise<void> {
    await this.meta.set('adaptive_drift_unmeasured', unmeasured ? '1' : '0');
  }

  /** Nothing to keep: every process opening this index finds the model in the models folder
   * beside it (config/settings.ts modelsFolder), where it was built. */
  async shareModel(_id: string, _files: () => ModelFile[]): Promise<void> {}

  async sharedModel(_id: string): Promise<ModelFile[] | null> {
    return null;
  }

  /** Every write of vectors moves this, so that an in-memory copy in any process knows to reload. */
  private bumpVersion(): void {
    this.stmts.bumpVersion.run();
  }
}

/** A chunk's text to embed: its page's title, its section path, its text (PendingChunk). */
const CHUNK_TEXTS = `SELECT c.rowid, c.hash, p.title || char(10) || (SELECT coalesce(group_concat(value, ' > '), '') FROM json_each(c.heading_path)) || char(10) || c.text AS text
       FROM chunks c JOIN pages p ON p.id = c.page_id`;

function fixedStatements(db: Db) {
  return {
    hasTable: db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'`).pluck(),
    cached: db.prepare(`SELECT vector FROM embed_cache WHERE model = ? AND hash = ?`).pluck(),
    cache: db.prepare(`INSERT OR IGNORE INTO embed_cache (model, hash, vector) VALUES (?, ?, ?)`),
    prune: db.prepare(`DELETE FROM embed_cache WHERE model = ? AND hash NOT IN (SELECT hash FROM chunks)`),
    hashOf: db.prepare(`SELECT hash FROM chunks WHERE rowid = ?`).pluck(),
    texts: db.prepare(`${CHUNK_TEXTS} WHERE c.rowid > ? ORDER BY c.rowid LIMIT ?`),
    corpusTexts: db.prepare(`SELECT p.title || char(10) || c.text FROM chunks c JOIN pages p ON p.id = c.page_id ORDER BY c.rowid`).pluck(),
    bumpVersion: db.prepare(`INSERT INTO meta (key, value) VALUES ('vec_version', '1') ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`),
  };
}

function tableStatements(db: Db) {
  return {
    countPending: db.prepare(`SELECT count(*) FROM chunks WHERE rowid NOT IN (SELECT rowid FROM vec_chunks)`).pluck(),
    pending: db.prepare(`${CHUNK_TEXTS} WHERE c.rowid NOT IN (SELECT rowid FROM vec_chunks) ORDER BY c.rowid LIMIT ?`),
    remove: db.prepare(`DELETE FROM vec_chunks WHERE rowid = ?`),
    insert: db.prepare(`INSERT INTO vec_chunks (rowid, embedding) VALUES (?, ?)`),
    nearest: db.prepare(`SELECT rowid, distance FROM vec_chunks WHERE embedding MATCH ? AND k = ? ORDER BY distance`),
    all: db.prepare(`SELECT rowid, embedding FROM vec_chunks`).raw(),
  };
}

function vectorBytes(v: Float32Array): Buffer {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
}
