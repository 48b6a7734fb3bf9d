// Writes that arrive while their server's run waits for the index lock (another server holds it)
// join that run: on a database several servers share, each server's run then carries every write
// that came while the others held the lock. A real PostgreSQL database, a connection of its own
// holding the index lock as another server's run would, the engine's own write path.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { INDEX_WRITE_LOCK } from '../store/postgres/locks.ts';
import { pgAdminUrl } from '../testing/pg-test.ts';
import { makeStoreFixture } from '../testing/store-fixture.ts';
import { until } from '../testing/until.ts';
import type { Fixture } from '../testing/wiki-fixture.ts';

let fx: Fixture | null = null;
let elsewhere: pg.Client | null = null;
afterEach(async () => {
  await elsewhere?.end().catch(() => {});
  fx?.cleanup();
  [fx, elsewhere] = [null, null];
});

describe.skipIf(!pgAdminUrl())('writes while another server holds the index lock', () => {
  it('join the run that waits for it: one run for all of them, each answered once its page is indexed', async () => {
    fx = await makeStoreFixture('postgres', { 'hub.md': '# Hub' });
    const e = fx.engine();
    await e.reindex();
    const logged = async () => (await e.audit({ limit: 100 })).entries.length;
    elsewhere = new pg.Client({ connectionString: fx.db });
    await elsewhere.connect();
    await elsewhere.query(`SELECT pg_advisory_lock($1)`, [INDEX_WRITE_LOCK]);
    let answered = 0;
    const writes: Promise<unknown>[] = [];
    try {
      writes.push(e.writePage({ key: 'first', body: '# First\n', actor: 'scout' }).then(() => answered++));
      // the first write's run is under way, waiting for the lock, before the others come
      await until('the run waits for the lock', async () => (await e.status({})).indexing !== null);
      for (const key of ['second', 'third', 'fourth']) writes.push(e.writePage({ key, body: `# ${key}\n`, actor: 'scout' }).then(() => answered++));
      await until('their files are written and logged', async () => (await logged()) === 4);
      // a write's audit entry commits before its file lands and its path waits in the store: on a
      // slow machine the last write could add its path after the run took the others, and start a
      // run of its own. Once all four wait, the run that takes the lock takes them all.
      const waiting = async () => (await elsewhere!.query<{ n: number }>(`SELECT count(DISTINCT path)::int AS n FROM waiting_writes`)).rows[0]!.n;
      await until('their paths wait for the run', async () => (await waiting()) === 4);
      expect(answered).toBe(0);
    } finally {
      await elsewhere.query(`SELECT pg_advisory_unlock($1)`, [INDEX_WRITE_LOCK]);
    }
    await Promise.all(writes);
    const started = await elsewhere.query<{ n: number }>(`SELECT count(*)::int AS n FROM runs WHERE started_at > (SELECT min(started_at) FROM runs)`);
    expect(started.rows[0]!.n).toBe(1);
    expect((await e.pages({})).pages.map((p) => p.key).sort()).toEqual(['first', 'fourth', 'hub', 'second', 'third']);
    await e.close();
  });
});
