// Storing chunk vectors when another process may have stored them first, or changed the chunk
// since it was read: sqlite-vec's vec0 table ignores INSERT OR REPLACE, so a second `put` must
// replace, and a vector must never land on a chunk whose text it was not computed from.
import { afterEach, expect, it } from 'vitest';
import { SHIPPED_MODEL } from '../config/settings.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture;
afterEach(() => fx?.cleanup());

const MODEL = 'cairn/glove-wink-100d';

async function indexed() {
  fx = makeFixture({ 'soup.md': '# Soup\n\nBoil onions and carrots.\n', 'bread.md': '# Bread\n\nBake it with flour and yeast.\n' });
  const e = fx.engine({ model: SHIPPED_MODEL });
  await e.reindex();
  const store = e.semantic.vectors;
  const chunks = e.db.prepare(`SELECT rowid, hash FROM chunks ORDER BY rowid`).all() as { rowid: number; hash: string }[];
  const vectorOf = (rowid: number) =>
    (e.db.prepare(`SELECT embedding FROM vec_chunks WHERE rowid = ?`).get(BigInt(rowid)) as { embedding: Buffer } | undefined)?.embedding;
  return { e, store, chunks, vectorOf };
}

const filled = (x: number) => new Float32Array(100).fill(x);

it('put of a vector for a chunk that already has one replaces it', async () => {
  const { store, chunks, vectorOf } = await indexed();
  const [first] = chunks;
  expect(vectorOf(first!.rowid)).toBeDefined();
  await store.put(MODEL, [{ ...first!, vector: filled(0.5) }]);
  expect(new Float32Array(new Uint8Array(vectorOf(first!.rowid)!).buffer)).toEqual(filled(0.5));
  expect(await store.countPending()).toBe(0);
});

it('put leaves out a chunk that was removed or rewritten since its text was read', async () => {
  const { e, store, chunks, vectorOf } = await indexed();
  const [gone, changed] = chunks;
  e.db.prepare(`DELETE FROM chunks WHERE rowid = ?`).run(gone!.rowid);
  e.db.prepare(`UPDATE chunks SET hash = 'other text' WHERE rowid = ?`).run(changed!.rowid);
  const before = vectorOf(changed!.rowid);
  await store.put(MODEL, [
    { ...gone!, vector: filled(0.25) },
    { ...changed!, vector: filled(0.25) },
  ]);
  expect(vectorOf(gone!.rowid)).toBeUndefined();
  expect(vectorOf(changed!.rowid)).toEqual(before);
});

it('put stores nothing when another process has switched the table to another model', async () => {
  const { store, chunks, vectorOf } = await indexed();
  const [first] = chunks;
  const before = vectorOf(first!.rowid);
  await store.put('some/other-model', [{ ...first!, vector: filled(0.75) }]);
  expect(vectorOf(first!.rowid)).toEqual(before);
});
