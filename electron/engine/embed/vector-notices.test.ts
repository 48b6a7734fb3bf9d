// A server's in-memory vectors on PostgreSQL follow every other server's writes of vectors by
// notices, without asking the database's version before each search; its own writes are seen at
// once; and while its listening connection is down and after it comes back, nothing is missed.
// Real stores on the run's PostgreSQL, over a real indexed wiki (the vectors need its chunks).
import { afterEach, describe, expect, it } from 'vitest';
import { VectorStore } from './vector-store.ts';
import { freshPgDatabase, pgAdminUrl } from '../testing/pg-test.ts';
import { until } from '../testing/until.ts';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { openPgStore, type PgStore } from '../store/postgres/pg-store.ts';

const MODEL = { id: 'test/model', dim: 8 };
let fx: Fixture;
const stores: PgStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  fx?.cleanup();
});

function unit(seed: number): Float32Array {
  const v = Float32Array.from({ length: MODEL.dim }, (_, i) => Math.sin(seed * 31 + i * 7));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

async function twoServers() {
  const url = await freshPgDatabase();
  fx = makeFixture({ 'a.md': '# A\n\nFirst.\n', 'b.md': '# B\n\nSecond.\n', 'c.md': '# C\n\nThird.\n' }, { db: url });
  const engine = fx.engine({ model: 'none' });
  await engine.reindex({});
  await engine.close();
  const [a, b] = [openPgStore(url), openPgStore(url)];
  stores.push(a, b);
  // a: a server searching in memory; b: another server writing vectors
  const searching = new VectorStore(a);
  searching.keepInMemory();
  const writing = new VectorStore(b);
  await writing.use(MODEL);
  const [c1, c2, c3] = await b.vectors.pending(3);
  return { a, b, searching, writing, chunks: [c1!, c2!, c3!] as const };
}

const nearestIs = async (vectors: VectorStore, q: Float32Array, rowid: number) => (await vectors.nearest(q, 1))[0]?.rowid === rowid;

describe.skipIf(!pgAdminUrl())('vectors kept current by notices', () => {
  it("another server's write is searched soon after, with no version asked of the database", async () => {
    const {
      a,
      searching,
      writing,
      chunks: [c1, c2],
    } = await twoServers();
    await writing.put(MODEL.id, [{ ...c1, vector: unit(1) }]);
    expect(await nearestIs(searching, unit(1), c1.rowid)).toBe(true);
    await until('a listening', () => a.cluster.listener.listening);
    expect(await a.vectors.version()).toMatch(/^heard:/);

    await writing.put(MODEL.id, [{ ...c2, vector: unit(2) }]);
    await until("a finds b's new vector", () => nearestIs(searching, unit(2), c2.rowid), 5000);
  });

  it("a server's own write is searched at once", async () => {
    const {
      a,
      searching,
      chunks: [c1, , c3],
    } = await twoServers();
    await searching.put(MODEL.id, [{ ...c1, vector: unit(1) }]);
    expect(await nearestIs(searching, unit(1), c1.rowid)).toBe(true);
    await until('a listening', () => a.cluster.listener.listening);
    // loaded at the version heard so far: a server ignores its own notices, so only the write itself can say
    expect(await nearestIs(searching, unit(1), c1.rowid)).toBe(true);
    await searching.put(MODEL.id, [{ ...c3, vector: unit(3) }]);
    expect(await nearestIs(searching, unit(3), c3.rowid)).toBe(true);
  });

  it('a write while the listening connection is down is searched once it is back', async () => {
    const {
      a,
      b,
      searching,
      writing,
      chunks: [c1, c2],
    } = await twoServers();
    await writing.put(MODEL.id, [{ ...c1, vector: unit(1) }]);
    expect(await nearestIs(searching, unit(1), c1.rowid)).toBe(true);
    await until('a listening', () => a.cluster.listener.listening);
    await b.sql.run(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cairn listen' AND datname = current_database()`);
    await writing.put(MODEL.id, [{ ...c2, vector: unit(2) }]);
    await until("a finds b's vector", () => nearestIs(searching, unit(2), c2.rowid), 5000);
    await until('a listening again', () => a.cluster.listener.listening);
    await writing.put(MODEL.id, [{ ...c1, vector: unit(4) }]);
    await until("a finds b's replaced vector", () => nearestIs(searching, unit(4), c1.rowid), 5000);
  });
});
