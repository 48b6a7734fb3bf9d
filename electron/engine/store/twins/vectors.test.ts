// PgVectors against a real PostgreSQL, every method compared with SQLite's (sqlite-vec) on the same
// chunks and vectors: same pending chunks and texts, same cache, same stored vectors, the same
// nearest chunks at the same distances; and a version that another server sees move.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import type { Neighbour, VectorRepo } from '../vectors.ts';
import { openPgStore } from '../postgres/pg-store.ts';
import { PgVectors } from '../postgres/vectors.ts';
import { addPage, chunkHash, chunkRowid, openTwins, type Twins } from '../../testing/twin-stores.ts';

const MODEL = { id: 'test-model', dim: 8 };
const PAGES = [
  {
    id: 1,
    key: 'alpha',
    title: 'Alpha',
    chunks: [
      { headingPath: [], text: 'intro' },
      { headingPath: ['Alpha', 'Été › deep'], text: 'nested' },
    ],
  },
  {
    id: 2,
    key: 'beta',
    title: 'Béta',
    chunks: [
      { headingPath: ['One'], text: 'one' },
      { headingPath: ['Two'], text: 'two' },
      { headingPath: ['Two', 'Three'], text: 'intro' },
    ],
  },
];

/** A vector that is not of unit length, from a seed: the stores must compute true cosines. */
function vec(seed: number, dim = MODEL.dim): Float32Array {
  return Float32Array.from({ length: dim }, (_, d) => Math.sin(seed * 7.3 + d * 1.7) * (1 + (seed % 3)));
}

const stored = (rowid: number, text: string, seed = rowid) => ({ rowid, hash: chunkHash(text), vector: vec(seed) });
const allStored = () => PAGES.flatMap((p) => p.chunks.map((c, i) => stored(chunkRowid(p.id, i), c.text)));

let t: Twins;
/** What each store answers, SQLite's first. */
const both = <T>(fn: (v: VectorRepo) => Promise<T>) => Promise.all(t.both.map((s) => fn(s.vectors)));
const inWrite = <T>(fn: (v: VectorRepo) => Promise<T>) => Promise.all(t.both.map((s) => s.write((tx) => fn(tx.vectors))));
const same = async <T>(fn: (v: VectorRepo) => Promise<T>) => {
  const [a, b] = await both(fn);
  expect(b).toEqual(a);
  return a!;
};

describe.skipIf(!pgAdminUrl())('PgVectors answers as SQLite does', () => {
  beforeEach(async () => {
    t = await openTwins();
    for (const p of PAGES) await addPage(t, p);
  });
  afterEach(async () => t.close());

  it('has no model until one is made; recreate names it', async () => {
    expect(await same((v) => v.model())).toBeNull();
    await inWrite((v) => v.recreate(MODEL));
    // vectors made before the setting was kept have none
    expect(await same((v) => v.model())).toEqual({ ...MODEL, setting: null });
    await inWrite((v) => v.recreate({ ...MODEL, setting: 'hub:owner/model' }));
    expect(await same((v) => v.model())).toEqual({ ...MODEL, setting: 'hub:owner/model' });
  });

  it('lists pending chunks with their text to embed, and counts them', async () => {
    await inWrite((v) => v.recreate(MODEL));
    expect(await same((v) => v.countPending())).toBe(5);
    const all = await same((v) => v.pending(10));
    expect(all[1]).toEqual({ rowid: 101, hash: chunkHash('nested'), text: 'Alpha\nAlpha > Été › deep\nnested' });
    expect(all[0]!.text).toBe('Alpha\n\nintro');
    await same((v) => v.pending(2));
  });

  it("lists every chunk's text after a rowid, vector or not, as pending does", async () => {
    await inWrite((v) => v.recreate(MODEL));
    const pending = await same((v) => v.pending(10));
    await inWrite((v) => v.replace(allStored().slice(0, 2)));
    expect(await same((v) => v.texts(0, 10))).toEqual(pending);
    expect(await same((v) => v.texts(pending[1]!.rowid, 2))).toEqual(pending.slice(2, 4));
    expect(await same((v) => v.texts(pending.at(-1)!.rowid, 10))).toEqual([]);
  });

  it('caches vectors by model and text, keeps the first, and forgets those no chunk has', async () => {
    const first = { hash: chunkHash('intro'), vector: vec(1) };
    await inWrite((v) => v.cache('m', [first, { hash: 'h:gone', vector: vec(2) }, { hash: chunkHash('intro'), vector: vec(3) }]));
    await inWrite((v) => v.cache('m', [{ hash: chunkHash('intro'), vector: vec(4) }]));
    await inWrite((v) => v.cache('other', [{ hash: 'h:gone', vector: vec(5) }]));
    const hit = await same((v) => v.cached('m', ['h:gone', 'h:none', chunkHash('intro')]));
    expect([...hit.keys()]).toEqual(['h:gone', chunkHash('intro')]);
    expect(hit.get(chunkHash('intro'))).toEqual(first.vector);
    expect(await same((v) => v.cached('m', []))).toEqual(new Map());
    const [a, b] = await inWrite((v) => v.pruneCache('m'));
    expect([a, b]).toEqual([1, 1]);
    await same((v) => v.cached('m', ['h:gone', chunkHash('intro')]));
    expect((await same((v) => v.cached('other', ['h:gone']))).size).toBe(1);
  });

  it('stores a vector only on a chunk that still has its text; the last of one chunk given twice wins', async () => {
    await inWrite((v) => v.recreate(MODEL));
    const given = [stored(100, 'intro'), stored(101, 'not its text'), stored(999, 'no chunk'), stored(200, 'one', 1), stored(200, 'one', 2)];
    const [a, b] = await inWrite((v) => v.replace(given));
    expect([a, b]).toEqual([3, 3]);
    expect(await same((v) => v.countPending())).toBe(3);
    const m = await same((v) => v.matrix());
    expect(Array.from(m.rowids)).toEqual([100, 200]);
    expect(m.matrix.slice(8, 16)).toEqual(vec(2));
    // replaced in place
    await inWrite((v) => v.replace([stored(100, 'intro', 9)]));
    expect((await same((v) => v.matrix())).matrix.slice(0, 8)).toEqual(vec(9));
  });

  it('finds the nearest chunks at the same cosine distances, whatever k', async () => {
    await inWrite((v) => v.recreate(MODEL));
    await inWrite((v) => v.replace(allStored()));
    for (const [seed, k] of [
      [3, 2],
      [11, 5],
      [4, 50],
    ] as const) {
      const [a, b] = (await both((v) => v.nearest(vec(seed), k))) as [Neighbour[], Neighbour[]];
      expect(b.map((n) => n.rowid)).toEqual(a.map((n) => n.rowid));
      b.forEach((n, i) => expect(n.distance).toBeCloseTo(a[i]!.distance, 5));
    }
    expect(await same(async (v) => (await v.nearest(vec(1), 3)).length)).toBe(3);
  });

  it('drops the vectors of a chunk removed, and every vector for a new model', async () => {
    await inWrite((v) => v.recreate(MODEL));
    await inWrite((v) => v.replace(allStored()));
    await t.exec(`DELETE FROM chunks WHERE page_id = 2`);
    expect(Array.from((await same((v) => v.matrix())).rowids)).toEqual([100, 101]);
    await inWrite((v) => v.recreate({ id: 'next', dim: 4 }));
    expect(await same((v) => v.matrix())).toEqual({ rowids: new Int32Array(0), matrix: new Float32Array(0), dim: 0 });
    expect(await same((v) => v.countPending())).toBe(2);
  });

  it('refuses a vector of another length than the model', async () => {
    await inWrite((v) => v.recreate(MODEL));
    for (const s of t.both) await expect(s.write((tx) => tx.vectors.replace([{ rowid: 100, hash: chunkHash('intro'), vector: vec(1, 5) }]))).rejects.toThrow();
  });

  it('gives the chunk texts the adaptive model learns from, and keeps whether drift was measured', async () => {
    expect(await same((v) => v.corpusTexts())).toEqual(['Alpha\nintro', 'Alpha\nnested', 'Béta\none', 'Béta\ntwo', 'Béta\nintro']);
    expect(await same((v) => v.driftUnmeasured())).toBe(false);
    await inWrite((v) => v.setDriftUnmeasured(true));
    expect(await same((v) => v.driftUnmeasured())).toBe(true);
    await inWrite((v) => v.setDriftUnmeasured(false));
    expect(await same((v) => v.driftUnmeasured())).toBe(false);
  });

  it("keeps a model's files for other servers, once, until vectors of another model replace it (SQLite: its folder does)", async () => {
    const files = [
      { path: 'cairn-model.json', bytes: Buffer.from('{}') },
      { path: 'onnx/model.onnx', bytes: Buffer.from([0, 1, 2, 255]) },
    ];
    let read = 0;
    const share = (id: string) => t.pg.write((tx) => tx.vectors.shareModel(id, () => (read++, files)));
    await share('m1');
    await share('m1');
    expect(read).toBe(1);
    expect(await t.pg.vectors.sharedModel('m1')).toEqual(files);
    expect(await t.pg.vectors.sharedModel('m2')).toBeNull();
    await share('m2');
    await t.pg.write((tx) => tx.vectors.recreate({ id: 'm2', dim: 8 }));
    expect(await t.pg.vectors.sharedModel('m1')).toBeNull();
    expect(await t.pg.vectors.sharedModel('m2')).toEqual(files);
    await t.sqlite.write((tx) => tx.vectors.shareModel('m1', () => files));
    expect(await t.sqlite.vectors.sharedModel('m1')).toBeNull();
  });

  it('moves the version in the database with every write of vectors, as another server reads it', async () => {
    const other = openPgStore(t.pg.url);
    try {
      // the repository itself: the store's own (notify-vectors.ts) counts notices while it listens
      const seen = () => new PgVectors(other.sql).version();
      const v0 = await seen();
      await t.pg.write((tx) => tx.vectors.recreate(MODEL));
      const v1 = await seen();
      expect(v1).not.toBe(v0);
      await t.pg.write((tx) => tx.vectors.replace([stored(999, 'no chunk')]));
      expect(await seen()).toBe(v1);
      await t.pg.write((tx) => tx.vectors.replace([stored(100, 'intro')]));
      const v2 = await seen();
      expect(v2).not.toBe(v1);
      // a counter copied from an SQLite index is never mistaken for one of ours
      expect(v2).toMatch(/^pg\d+$/);
    } finally {
      await other.close();
    }
  });
});
