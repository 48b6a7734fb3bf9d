// Writes through several servers sharing one PostgreSQL database wait in the store for their run
// (store/cluster.ts WaitingWrites): whichever server's run holds the index lock next indexes them
// all, the others answer their writes without a run of their own, and a write whose server died
// before its run is indexed by the next run of any server.
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { INDEX_WRITE_LOCK } from '../store/postgres/locks.ts';
import { openPgStore } from '../store/postgres/pg-store.ts';
import { freshPgDatabase, pgAdminUrl } from '../testing/pg-test.ts';
import { until } from '../testing/until.ts';
import { makeFixture, type Fixture, type FixtureEngine } from '../testing/wiki-fixture.ts';

let fx: Fixture | null = null;
let elsewhere: pg.Client | null = null;
afterEach(async () => {
  await elsewhere?.end().catch(() => {});
  fx?.cleanup();
  [fx, elsewhere] = [null, null];
});

type EngineOptions = Parameters<Fixture['engine']>[0];

/** Two servers' engines on one fresh database, the wiki indexed, and a connection of a third party. */
async function twoServers(
  files: Record<string, string> = { 'global/start.md': '# Start\n\nThe first page.\n' },
  aOptions: EngineOptions = {},
): Promise<{ a: FixtureEngine; b: FixtureEngine; db: pg.Client }> {
  const url = await freshPgDatabase();
  fx = makeFixture(files, { db: url });
  const a = fx.engine(aOptions);
  const b = fx.engine();
  await b.reindex();
  elsewhere = new pg.Client({ connectionString: url });
  await elsewhere.connect();
  return { a, b, db: elsewhere };
}

/** Holds the index lock while A writes (its run waits first), then B writes, until both wait in the store. */
async function bothWaiting(db: pg.Client, fromA: () => Promise<unknown>, fromB: () => Promise<unknown>): Promise<unknown[]> {
  await db.query('SELECT pg_advisory_lock($1)', [INDEX_WRITE_LOCK]);
  const a = fromA();
  await until(
    'A waiting for the index lock',
    async () => Number((await db.query(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0].n) === 1,
  );
  const b = fromB();
  await until('both writes waiting in the store', async () => (await count(db, 'waiting_writes')) === 2);
  await db.query('SELECT pg_advisory_unlock($1)', [INDEX_WRITE_LOCK]);
  return Promise.all([a, b]);
}

const count = async (db: pg.Client, table: string) => Number((await db.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const found = async (e: FixtureEngine, word: string) => (await e.search({ query: word, mode: 'lexical' })).results.map((r) => r.key);

describe.skipIf(!pgAdminUrl())('writes waiting for their run, shared by the servers', () => {
  it('writes through two servers while another holds the index go in one run, and both are answered', async () => {
    const { a, b, db } = await twoServers();
    const runsBefore = await count(db, 'runs');
    await db.query('SELECT pg_advisory_lock($1)', [INDEX_WRITE_LOCK]);
    const fromA = a.writePage({ key: 'from-a', path: 'global/from-a.md', body: '# From A\n\nharbour lantern\n', actor: 'tester' });
    const fromB = b.writePage({ key: 'from-b', path: 'global/from-b.md', body: '# From B\n\ngranite orchard\n', actor: 'tester' });
    await until('both writes waiting in the store', async () => (await count(db, 'waiting_writes')) === 2);
    await db.query('SELECT pg_advisory_unlock($1)', [INDEX_WRITE_LOCK]);

    const answers = await Promise.all([fromA, fromB]);
    for (const answer of answers) expect(answer).not.toHaveProperty('notice');
    // one run indexed both: the other server found its write indexed when it got the lock
    expect(await count(db, 'runs')).toBe(runsBefore + 1);
    expect(await count(db, 'waiting_writes')).toBe(0);
    for (const e of [a, b]) {
      expect(await found(e, 'harbour')).toEqual(['from-a']);
      expect(await found(e, 'granite')).toEqual(['from-b']);
    }
  });

  it('a write whose server died before its run is indexed by the next run of another server', async () => {
    const { a, b, db } = await twoServers();
    // server b wrote the file and said it waits, then died before its run took the lock
    const orphan = fx!.write('global/orphan.md', '# Orphan\n\nquarry beacon\n');
    await b.store.cluster.waiting!.add([path.resolve(orphan)]);

    await a.writePage({ key: 'later', path: 'global/later.md', body: '# Later\n\nmeadow\n', actor: 'tester' });
    expect(await found(a, 'quarry')).toEqual(['orphan']);
    expect(await count(db, 'waiting_writes')).toBe(0);
  });

  it('a waiting write outside the roots a server indexes is left for a server that indexes it', async () => {
    const { a, b, db } = await twoServers();
    const outside = path.join(path.dirname(fx!.root), `${path.basename(fx!.root)}-other`, 'page.md');
    await b.store.cluster.waiting!.add([outside]);
    await a.writePage({ key: 'inside', path: 'global/inside.md', body: '# Inside\n\nwillow\n', actor: 'tester' });
    expect((await db.query('SELECT path FROM waiting_writes')).rows).toEqual([{ path: outside }]);
  });

  it('a write another server took but skipped (its size limit is smaller) is indexed by its own server before it is answered', async () => {
    const { a, b, db } = await twoServers(undefined, { maxFileBytes: 200 });
    const big = `# Big\n\nzeppelin ${'filler words here. '.repeat(30)}\n`;
    const answers = await bothWaiting(
      db,
      () => a.writePage({ key: 'small', path: 'global/small.md', body: '# Small\n\nwillow\n', actor: 'tester' }),
      () => b.writePage({ key: 'big', path: 'global/big.md', body: big, actor: 'tester' }),
    );
    for (const answer of answers) expect(answer).not.toHaveProperty('notice');
    expect(await found(b, 'zeppelin')).toEqual(['big']);
    expect(await found(a, 'willow')).toEqual(['small']);
  });

  it('a rewrite another server took but ignores (and so dropped) is indexed again by its own server before it is answered', async () => {
    const { a, b, db } = await twoServers({ 'global/drafts/plan.md': '# Plan\n\nmarmot\n' }, { ignorePatterns: ['drafts/'] });
    expect(await found(b, 'marmot')).toEqual(['plan']);
    const page = (await b.getPage({ key: 'plan' })) as { hash: string };
    await bothWaiting(
      db,
      () => a.writePage({ key: 'small', path: 'global/small.md', body: '# Small\n\nwillow\n', actor: 'tester' }),
      () => b.writePage({ key: 'plan', path: 'global/drafts/plan.md', baseHash: page.hash, body: '# Plan\n\nmarmot ocelot\n', actor: 'tester' }),
    );
    expect(await found(b, 'ocelot')).toEqual(['plan']);
  });

  it('a write of a page a run is taking waits for nothing: not for that run, which may wait for its connection', async () => {
    const store = openPgStore(await freshPgDatabase(), 3);
    try {
      await store.cluster.waiting!.add(['/w/p.md', '/w/q.md']);
      // as a write of this server outside the run's transaction adds them (each on a connection of the pool)
      const addOutside = AsyncLocalStorage.bind((p: string) => store.cluster.waiting!.add([p]));
      await store.write(async (tx) => {
        expect(await tx.cluster.waiting!.take(['/w/'])).toEqual(['/w/p.md', '/w/q.md']);
        // under a unique key these waited for this transaction, which waited for them: a hang
        await Promise.all([addOutside('/w/p.md'), addOutside('/w/q.md'), addOutside('/w/q.md')]);
      });
      expect(await store.cluster.waiting!.take(['/w/'])).toEqual(['/w/p.md', '/w/q.md']);
    } finally {
      await store.close();
    }
  });
});
