// A run that indexes many pages leaves PostgreSQL's planner statistics of the tables it filled
// (Store.refreshStatistics): without them a freshly indexed SciFact searched ~4× slower until
// autovacuum came by. A write, or a run of a few pages, does not pay for an ANALYZE.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { openPgStore } from './pg-store.ts';

const wiki = (n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`notes/page-${i}.md`, `# Page ${i}\n\nSourdough hydration note ${i}; see [[page-${(i + 1) % n}]].\n`]),
  );

/** When PostgreSQL last analyzed (or vacuumed) these tables on request (autovacuum's own runs are other columns). */
async function analyzedAt(url: string, column: 'last_analyze' | 'last_vacuum' = 'last_analyze'): Promise<Record<string, string | null>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ relname: string; at: string | null }>(
      `SELECT relname, ${column}::text AS at FROM pg_stat_user_tables WHERE relname IN ('chunk_terms', 'links', 'pages') ORDER BY relname`,
    );
    return Object.fromEntries(r.rows.map((row) => [row.relname, row.at]));
  } finally {
    await client.end();
  }
}

/** The tables of the database PostgreSQL has never analyzed on request. */
async function unanalyzed(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ relname: string }>(`SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NULL ORDER BY relname`)).rows.map(
      (r) => r.relname,
    );
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgAdminUrl())('planner statistics after indexing into PostgreSQL', () => {
  let fx: Fixture;
  afterEach(() => fx.cleanup());

  it('a run of 200 pages or more analyzes the tables; a write after it does not', async () => {
    fx = makeFixture(wiki(210), { db: await freshPgDatabase() });
    const engine = fx.engine();
    expect((await engine.reindex()).indexed).toBe(210);
    const after = await analyzedAt(fx.db);
    expect(Object.keys(after)).toEqual(['chunk_terms', 'links', 'pages']);
    for (const at of Object.values(after)) expect(at).not.toBeNull();
    expect(await unanalyzed(fx.db)).toEqual([]);

    await engine.writePage({ key: 'page-0', body: '# Page 0\n\nRewritten once, about sourdough.\n', actor: 'test' });
    expect(await analyzedAt(fx.db)).toEqual(after);
    // the VACUUM of the postings the run started and did not wait for has run
    await engine.close();
    expect(await analyzedAt(fx.db, 'last_vacuum')).toEqual({ chunk_terms: expect.any(String), links: null, pages: null });
  });

  it('never fails what asked for it: the run or copy has landed by then', async () => {
    fx = makeFixture({}, { db: await freshPgDatabase() });
    const store = openPgStore(fx.db);
    await store.ready;
    await store.close();
    await expect(store.refreshStatistics()).resolves.toBeUndefined();
  });

  it('a run of a few pages leaves it to autovacuum', async () => {
    fx = makeFixture(wiki(20), { db: await freshPgDatabase() });
    expect((await fx.engine().reindex()).indexed).toBe(20);
    expect(await analyzedAt(fx.db)).toEqual({ chunk_terms: null, links: null, pages: null });
  });
});
