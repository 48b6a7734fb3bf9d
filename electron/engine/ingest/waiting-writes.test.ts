// Writes through several servers sharing one PostgreSQL database wait in the store for their run
// (store/cluster.ts WaitingWrites): whichever server's run holds the index lock next indexes them
// all, the others answer their writes without a run of their own, and a write whose server died
// before its run is indexed by the next run of any server.
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { INDEX_WRITE_LOCK } from '../store/postgres/locks.ts';
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

/** Two servers' engines on one fresh database, the wiki indexed, and a connection of a third party. */
async function twoServers(): Promise<{ a: FixtureEngine; b: FixtureEngine; db: pg.Client }> {
  const url = await freshPgDatabase();
  fx = makeFixture({ 'global/start.md': '# Start\n\nThe first page.\n' }, { db: url });
  const a = fx.engine();
  const b = fx.engine();
  await a.reindex();
  elsewhere = new pg.Client({ connectionString: url });
  await elsewhere.connect();
  return { a, b, db: elsewhere };
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
});
