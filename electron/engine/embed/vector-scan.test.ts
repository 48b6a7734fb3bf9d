// The in-memory scan against sqlite-vec's KNN on one real index: the same neighbours in the same
// order with the same distances, and a reload once vectors are written again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite/database.ts';
import { sqliteStore } from '../store/sqlite/sqlite-store.ts';
import { VectorStore } from './vector-store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-vscan-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function unit(seed: number, dim: number): Float32Array {
  let s = seed;
  const v = Float32Array.from({ length: dim }, () => (s = (Math.imul(s, 48271) + 11) >>> 0) / 2 ** 32 - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

/** Chunk rows for the vectors to belong to: put stores a vector only for a chunk of that text (no page needed here). */
function chunks(db: ReturnType<typeof openDatabase>, rows: { rowid: number; hash: string }[]): void {
  db.pragma('foreign_keys = OFF');
  const insert = db.prepare(`INSERT INTO chunks (rowid, id, page_id, ord, heading_path, text, hash, line) VALUES (?, ?, 0, 0, '[]', '', ?, 1)`);
  for (const r of rows) insert.run(r.rowid, `c${r.rowid}`, r.hash);
}

describe('VectorScan', () => {
  it('finds the neighbours sqlite-vec finds, and follows new writes', async () => {
    const db = openDatabase(path.join(dir, 'v.db'));
    const dim = 24;
    const sqlite = new VectorStore(sqliteStore(db));
    await sqlite.use({ id: 'test/model', dim });
    const rows = Array.from({ length: 500 }, (_, i) => ({ rowid: i + 1, hash: `h${i}`, vector: unit(i + 1, dim) }));
    chunks(db, rows);
    await sqlite.put('test/model', rows);
    const memory = new VectorStore(sqliteStore(db));
    memory.keepInMemory();
    for (const seed of [1001, 1002, 1003]) {
      const q = unit(seed, dim);
      const want = await sqlite.nearest(q, 20);
      const got = await memory.nearest(q, 20);
      expect(got.map((g) => g.rowid)).toEqual(want.map((w) => w.rowid));
      got.forEach((g, i) => expect(g.distance).toBeCloseTo(want[i]!.distance, 5));
    }
    // a write (here from another store, as another process would) is seen by the next search
    const q = unit(2000, dim);
    chunks(db, [{ rowid: 9999, hash: 'new' }]);
    await sqlite.put('test/model', [{ rowid: 9999, hash: 'new', vector: q }]);
    expect(await memory.nearest(q, 1)).toEqual([{ rowid: 9999, distance: expect.closeTo(0, 5) }]);
    db.close();
  });
});
