// VectorRepo over PostgreSQL: chunk vectors as bytea (float32, little-endian, as sqlite-vec keeps
// them) in chunk_vectors, the embedding cache by (model, text hash), their entries in meta.
// Debian 12 ships no pgvector, so nearest() reads every vector and scans them here; a server keeps
// them in memory instead (embed/vector-scan.ts) and asks only version() per search.
// Where pgvector is installed it would plug in here: an `embedding vector(dim)` column made by
// recreate() for the model's dim, an HNSW index on it (vector_cosine_ops), and nearest() as
// `ORDER BY embedding <=> ? LIMIT k`.
import type { ChunkVector, ModelFile, Neighbour, PendingChunk, VectorMatrix, VectorModel, VectorRepo } from '../vectors.ts';
import { metaOf } from '../common/meta.ts';
import { pgQuery } from './query.ts';
import type { Sql } from './sql.ts';

/** A chunk's text to embed: its page's title, its section path, its text (PendingChunk). */
const CHUNK_TEXTS = `SELECT c.rowid, c.hash, p.title || chr(10)
         || (SELECT coalesce(string_agg(h.value, ' > ' ORDER BY h.n), '') FROM json_array_elements_text(c.heading_path::json) WITH ORDINALITY AS h(value, n))
         || chr(10) || c.text AS text
       FROM chunks c JOIN pages p ON p.id = c.page_id`;

export class PgVectors implements VectorRepo {
  private readonly meta: ReturnType<typeof metaOf>;

  constructor(private readonly sql: Sql) {
    this.meta = metaOf(pgQuery(sql));
  }

  async model(): Promise<VectorModel | null> {
    const rows = await this.sql.rows<{ key: string; value: string }>(`SELECT key, value FROM meta WHERE key IN ('vec_model', 'vec_dim', 'vec_setting')`);
    const value = (key: string) => rows.find((r) => r.key === key)?.value;
    const id = value('vec_model');
    const dim = value('vec_dim');
    return id && dim ? { id, dim: Number(dim), setting: value('vec_setting') || null } : null;
  }

  async recreate(model: VectorModel): Promise<void> {
    // DELETE, not TRUNCATE: a read that began before this write keeps seeing the old vectors
    await this.sql.run(`DELETE FROM chunk_vectors`);
    // no server needs another model's files once no vector is of it
    await this.sql.run(`DELETE FROM embed_models WHERE model <> ?`, [model.id]);
    await this.meta.set('vec_model', model.id);
    await this.meta.set('vec_dim', String(model.dim));
    await this.meta.set('vec_setting', model.setting ?? '');
    await this.bumpVersion();
  }

  async countPending(): Promise<number> {
    return (await this.sql.value<number>(`SELECT count(*) FROM chunks c WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid)`))!;
  }

  async pending(limit: number): Promise<PendingChunk[]> {
    return this.sql.rows<PendingChunk>(`${CHUNK_TEXTS} WHERE NOT EXISTS (SELECT 1 FROM chunk_vectors v WHERE v.rowid = c.rowid) ORDER BY c.rowid LIMIT ?`, [
      limit,
    ]);
  }

  async texts(after: number, limit: number): Promise<PendingChunk[]> {
    return this.sql.rows<PendingChunk>(`${CHUNK_TEXTS} WHERE c.rowid > ? ORDER BY c.rowid LIMIT ?`, [after, limit]);
  }

  async cached(model: string, hashes: string[]): Promise<Map<string, Float32Array>> {
    const rows = await this.sql.rows<{ hash: string; vector: Buffer }>(`SELECT hash, vector FROM embed_cache WHERE model = ? AND hash = ANY(?::text[])`, [
      model,
      hashes,
    ]);
    const found = new Map(rows.map((r) => [r.hash, r.vector]));
    const out = new Map<string, Float32Array>();
    for (const h of hashes) {
      const bytes = found.get(h);
      if (bytes) out.set(h, floats(bytes));
    }
    return out;
  }

  async cache(model: string, vectors: { hash: string; vector: Float32Array }[]): Promise<void> {
    if (vectors.length === 0) return;
    const { bytes, from, length } = packed(vectors.map((v) => v.vector));
    await this.sql.run(
      `INSERT INTO embed_cache (model, hash, vector)
       SELECT ?, t.hash, substring(?::bytea from t.start for t.length) FROM unnest(?::text[], ?::int[], ?::int[]) AS t(hash, start, length)
       ON CONFLICT DO NOTHING`,
      [model, bytes, vectors.map((v) => v.hash), from, length],
    );
  }

  async replace(vectors: ChunkVector[]): Promise<number> {
    if (vectors.length === 0) return 0;
    await this.checkDim(vectors);
    // every vector whose chunk still has its text counts, as SQLite's loop counts them; of one
    // chunk given twice the last is kept (an upsert may touch a row once per statement)
    const { bytes, from, length } = packed(vectors.map((v) => v.vector));
    const stored = await this.sql.value<number>(
      `WITH given AS (SELECT * FROM unnest(?::int[], ?::text[], ?::int[], ?::int[]) WITH ORDINALITY AS t(rowid, hash, start, length, n)),
       fresh AS (SELECT g.* FROM given g JOIN chunks c ON c.rowid = g.rowid AND c.hash = g.hash),
       stored AS (
         INSERT INTO chunk_vectors (rowid, hash, embedding)
         SELECT DISTINCT ON (rowid) rowid, hash, substring(?::bytea from start for length) FROM fresh ORDER BY rowid, n DESC
         ON CONFLICT (rowid) DO UPDATE SET hash = excluded.hash, embedding = excluded.embedding
       )
       SELECT count(*) FROM fresh`,
      [vectors.map((v) => v.rowid), vectors.map((v) => v.hash), from, length, bytes],
    );
    if (stored) await this.bumpVersion();
    return stored!;
  }

  async pruneCache(model: string): Promise<number> {
    return this.sql.run(`DELETE FROM embed_cache e WHERE e.model = ? AND NOT EXISTS (SELECT 1 FROM chunks c WHERE c.hash = e.hash)`, [model]);
  }

  async nearest(vector: Float32Array, k: number): Promise<Neighbour[]> {
    const { rowids, matrix, dim } = await this.matrix();
    if (rowids.length && vector.length !== dim) throw new Error(`a query vector of ${vector.length} dimensions for stored vectors of ${dim}`);
    return cosineNearest(vector, rowids, matrix, k);
  }

  /** One row read by key. Every vector write sets it to the writing transaction's id, which no
   * later transaction of the cluster has again (the 'pg' keeps it apart from a counter copied
   * from an SQLite index). */
  async version(): Promise<string> {
    return (await this.meta.get('vec_version')) ?? '0';
  }

  async matrix(): Promise<VectorMatrix> {
    const rows = await this.sql.rows<{ rowid: number; embedding: Buffer }>(`SELECT rowid, embedding FROM chunk_vectors ORDER BY rowid`);
    const dim = rows.length ? rows[0]!.embedding.byteLength / 4 : 0;
    const matrix = new Float32Array(rows.length * dim);
    const bytes = new Uint8Array(matrix.buffer);
    const rowids = new Int32Array(rows.length);
    rows.forEach((r, i) => {
      rowids[i] = r.rowid;
      // copied byte-wise: a Buffer pg made may sit at an offset a Float32Array cannot view
      bytes.set(r.embedding, i * dim * 4);
    });
    return { rowids, matrix, dim };
  }

  async corpusTexts(): Promise<string[]> {
    const rows = await this.sql.rows<{ t: string }>(`SELECT p.title || chr(10) || c.text AS t FROM chunks c JOIN pages p ON p.id = c.page_id ORDER BY c.rowid`);
    return rows.map((r) => r.t);
  }

  async driftUnmeasured(): Promise<boolean> {
    return (await this.meta.get('adaptive_drift_unmeasured')) === '1';
  }

  async setDriftUnmeasured(unmeasured: boolean): Promise<void> {
    await this.meta.set('adaptive_drift_unmeasured', unmeasured ? '1' : '0');
  }

  /** Sent once: a model already kept is not read again (recreate() drops the others). */
  async shareModel(id: string, files: () => ModelFile[]): Promise<void> {
    if (await this.sql.value<boolean>(`SELECT EXISTS (SELECT 1 FROM embed_models WHERE model = ?)`, [id])) return;
    // one file a statement: a Buffer parameter travels as binary, where a bytea[] would go as hex text
    for (const f of files()) await this.sql.run(`INSERT INTO embed_models (model, path, bytes) VALUES (?, ?, ?)`, [id, f.path, f.bytes]);
  }

  async sharedModel(id: string): Promise<ModelFile[] | null> {
    const files = await this.sql.rows<ModelFile>(`SELECT path, bytes FROM embed_models WHERE model = ? ORDER BY path`, [id]);
    return files.length ? files : null;
  }

  private async bumpVersion(): Promise<void> {
    await this.sql.run(
      `INSERT INTO meta (key, value) VALUES ('vec_version', 'pg' || pg_current_xact_id()) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  }

  /** sqlite-vec refuses a vector of another length than its table's: so does this table. */
  private async checkDim(vectors: ChunkVector[]): Promise<void> {
    const model = await this.model();
    if (!model) throw new Error('no vector table: recreate() it for a model first');
    const wrong = vectors.find((v) => v.vector.length !== model.dim);
    if (wrong) throw new Error(`a vector of ${wrong.vector.length} dimensions for chunk ${wrong.rowid}; the table of ${model.id} holds ${model.dim}`);
  }
}

/** The k nearest rows by cosine distance (1 − cos, as sqlite-vec's distance_metric=cosine), nearest first, ties by rowid. */
function cosineNearest(query: Float32Array, rowids: Int32Array, matrix: Float32Array, k: number): Neighbour[] {
  const dim = query.length;
  let qNorm = 0;
  for (const x of query) qNorm += x * x;
  qNorm = Math.sqrt(qNorm);
  const all: Neighbour[] = [];
  for (let r = 0; r < rowids.length; r++) {
    let dot = 0;
    let norm = 0;
    for (let d = 0, o = r * dim; d < dim; d++, o++) {
      dot += query[d]! * matrix[o]!;
      norm += matrix[o]! * matrix[o]!;
    }
    all.push({ rowid: rowids[r]!, distance: 1 - dot / (qNorm * Math.sqrt(norm)) });
  }
  return all.sort((a, b) => a.distance - b.distance || a.rowid - b.rowid).slice(0, k);
}

/**
 * The vectors as one buffer, with where each begins (1-based, as substring() counts) and its
 * length: one bytea parameter travels as binary, where a bytea[] goes as hex text (3 to 4 times
 * slower to store a batch of 256).
 */
function packed(vectors: Float32Array[]): { bytes: Buffer; from: number[]; length: number[] } {
  const from: number[] = [];
  const length: number[] = [];
  let at = 1;
  for (const v of vectors) {
    from.push(at);
    length.push(v.byteLength);
    at += v.byteLength;
  }
  return { bytes: Buffer.concat(vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength))), from, length };
}

/** A copy: pg's Buffers may sit at any offset of a shared slab. */
function floats(bytes: Buffer): Float32Array {
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
