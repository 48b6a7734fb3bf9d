// The first index of a PostgreSQL database loads the postings without their primary key and builds
// it once the load is done, beside the link phase (PgLexical.bulkLoad): the key must be back
// whatever happens, when bulkLoad settles, a key lost to a
// process that died mid-load is built by the next full run, and search answers as before.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { openPgStore } from './pg-store.ts';

const wiki = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`notes/page-${i}.md`, `# Page ${i}\n\nSourdough hydration note ${i}; rye ${i % 3}.\n`]));

/** Whether the postings have their primary key, as the schema made it. */
async function keyed(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'chunk_terms_pkey'`);
    if (r.rows.length) expect(r.rows[0].def).toBe('PRIMARY KEY (term, chunk_rowid) INCLUDE (tf, len)');
    return r.rows.length === 1;
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgAdminUrl())('loading the first index into PostgreSQL in bulk', () => {
  let fx: Fixture;
  afterEach(() => fx.cleanup());

  it('indexes without the postings key, builds it after the load, and searches alike', async () => {
    fx = makeFixture(wiki(30), { db: await freshPgDatabase() });
    const store = openPgStore(fx.db);
    let during: boolean | null = null;
    const steps: string[] = [];
    const out = await store.lexical.bulkLoad(
      async () => {
        during = await keyed(fx.db);
        steps.push('load');
        return 7;
      },
      async (loaded) => (steps.push(`then ${loaded}`), 'linked'),
    );
    expect([during, steps, out]).toEqual([false, ['load', 'then 7'], 'linked']);
    expect(await keyed(fx.db)).toBe(true);
    await store.close();

    const engine = fx.engine();
    expect((await engine.reindex()).indexed).toBe(30);
    expect(await keyed(fx.db)).toBe(true);
    const hits = await engine.search({ query: 'hydration rye', mode: 'lexical', k: 5 });
    expect(hits.results).toHaveLength(5);
  });

  it('builds the key again when the run fails, and when a dead run left it out', async () => {
    fx = makeFixture(wiki(5), { db: await freshPgDatabase() });
    const store = openPgStore(fx.db);
    const then = async () => 'linked';
    await expect(
      store.lexical.bulkLoad(async () => {
        throw new Error('the disk is full');
      }, then),
    ).rejects.toThrow('the disk is full');
    expect(await keyed(fx.db)).toBe(true);
    // and when what follows the load fails, the key built beside it is back once bulkLoad settles
    await store.sql.run('ALTER TABLE chunk_terms DROP CONSTRAINT chunk_terms_pkey');
    await expect(
      store.lexical.bulkLoad(
        async () => 0,
        async () => {
          throw new Error('the link phase failed');
        },
      ),
    ).rejects.toThrow('the link phase failed');
    expect(await keyed(fx.db)).toBe(true);
    await store.close();

    // a process killed between dropping the key and building it: rows in, no key
    const engine = fx.engine();
    await engine.reindex();
    await store.ready.catch(() => {});
    const client = new pg.Client({ connectionString: fx.db });
    await client.connect();
    await client.query('ALTER TABLE chunk_terms DROP CONSTRAINT chunk_terms_pkey');
    await client.end();
    expect(await keyed(fx.db)).toBe(false);
    await engine.reindex();
    expect(await keyed(fx.db)).toBe(true);
  });

  it('two full runs into one empty database at once both land, and leave one key', async () => {
    fx = makeFixture(wiki(40), { db: await freshPgDatabase() });
    const [a, b] = [fx.engine(), fx.engine()];
    const runs = await Promise.all([a.reindex(), b.reindex()]);
    expect(runs.map((r) => r.pages)).toEqual([40, 40]);
    expect(await keyed(fx.db)).toBe(true);
    expect((await a.search({ query: 'hydration', mode: 'lexical', k: 50 })).results).toHaveLength(40);
  });

  it('leaves the key alone when the index is not empty', async () => {
    fx = makeFixture(wiki(5), { db: await freshPgDatabase() });
    const engine = fx.engine();
    await engine.reindex();
    const store = openPgStore(fx.db);
    let during: boolean | null = null;
    await store.lexical.bulkLoad(
      async () => {
        during = await keyed(fx.db);
      },
      async () => {},
    );
    expect(during).toBe(true);
    await store.close();
  });
});
