// The in-memory scan against sqlite-vec's KNN on one real index: the same neighbours in the same
// order with the same distances, and a reload once vectors are written again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { VectorStore } from './vector-store.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-vscan-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function unit(seed: number, dim: number): Float32Array {
  let s = seed;
  const v = Float32Array.from({ length: dim }, () => ((s = (Math.imul(s, 48271) + 11) >>> 0) / 2 ** 32) - 0.5);
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe('VectorScan', () => {
  it('finds the neighbours sqlite-vec finds, and follows new writes', async () => {
    const db = openDatabase(path.join(dir, 'v.db'));
    const dim = 24;
    const sqlite = new VectorStore(db);
    await sqlite.use({ id: 'test/model', dim });
    await sqlite.put('test/model', Array.from({ length: 500 }, (_, i) => ({ rowid: i + 1, hash: `h${i}`, vector: unit(i + 1, dim) })));
    const memory = new VectorStore(db);
    memory.keepInMemory();
    for (const seed of [1001, 1002, 1003]) {
      const q = unit(seed, dim);
      const want = sqlite.nearest(q, 20);
      const got = memory.nearest(q, 20);
      expect(got.map((g) => g.rowid)).toEqual(want.map((w) => w.rowid));
      got.forEach((g, i) => expect(g.distance).toBeCloseTo(want[i]!.distance, 5));
    }
    // a write (here from another store, as another process would) is seen by the next search
    const q = unit(2000, dim);
    await sqlite.put('test/model', [{ rowid: 9999, hash: 'new', vector: q }]);
    expect(memory.nearest(q, 1)).toEqual([{ rowid: 9999, distance: expect.closeTo(0, 5) }]);
    db.close();
  });
});
