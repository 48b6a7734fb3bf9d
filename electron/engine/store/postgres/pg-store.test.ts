// The PostgreSQL store's transactions against a real server (the run's throwaway cluster): a
// write lands whole or not at all, a read sees one snapshot, index writes queue across stores,
// page writes lock only their page, writes of some rows only those rows, servers starting together
// migrate once.
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { openPgStore, PgLocked, type PgStore } from './pg-store.ts';
import type { Store, WriteOptions } from '../store.ts';
import { openReadStore } from '../open-store.ts';

const stores: PgStore[] = [];
const open = (url: string) => {
  const s = openPgStore(url);
  stores.push(s);
  return s;
};
/** Writes held open by a test, let go after it whatever it found (a store closes once its writes end). */
const releases: (() => void)[] = [];
afterEach(async () => {
  for (const release of releases.splice(0)) release();
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/**
 * A write of `s` that does `first`, then holds its transaction and locks until `release`:
 * `holding` settles once it holds them, however long the machine took to get there (a test that
 * slept 200 ms instead found, on a loaded machine, that the write had not begun).
 */
function holdWrite(s: PgStore, options: WriteOptions = {}, first: (tx: Store) => Promise<unknown> = async () => {}) {
  let release!: () => void;
  let began!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const holding = new Promise<void>((r) => (began = r));
  releases.push(release);
  const done = s.write(async (tx) => {
    await first(tx);
    began();
    await released;
  }, options);
  return { holding, release, done };
}

describe.skipIf(!pgAdminUrl())('the PostgreSQL store', () => {
  it('migrates once when several servers open a new database together', async () => {
    const url = await freshPgDatabase();
    const three = [open(url), open(url), open(url)];
    await Promise.all(three.map((s) => s.ready));
    // one row per version: each migrated once
    expect(await three[0]!.sql.value('SELECT count(*) FROM cairn_schema')).toBe(SCHEMA_VERSION);
  });

  it('stores page bodies and chunk texts compressed with lz4, where the server has it', async () => {
    const s = open(await freshPgDatabase());
    const lz4 = await s.sql.value<boolean>(`SELECT EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals))`);
    const methods = await s.sql.rows<{ col: string; method: string }>(
      `SELECT attrelid::regclass || '.' || attname AS col, attcompression AS method FROM pg_attribute
       WHERE attrelid IN ('pages'::regclass, 'chunks'::regclass) AND attname IN ('body', 'prose', 'text') ORDER BY 1`,
    );
    expect(methods).toEqual(['chunks.text', 'pages.body', 'pages.prose'].map((col) => ({ col, method: lz4 ? 'l' : '' })));
  });

  it('a write that throws leaves nothing; one that returns lands', async () => {
    const s = open(await freshPgDatabase());
    await expect(
      s.write(async () => {
        await s.sql.run(`INSERT INTO meta (key, value) VALUES ('a', '1')`);
        throw new Error('refused halfway');
      }),
    ).rejects.toThrow('refused halfway');
    expect(await s.sql.value(`SELECT count(*) FROM meta`)).toBe(0);
    await s.write(async () => s.sql.run(`INSERT INTO meta (key, value) VALUES ('a', '1')`));
    expect(await s.sql.value(`SELECT value FROM meta WHERE key = 'a'`)).toBe('1');
  });

  it('statements sent together in a transaction answer in turn, with no warning from the driver', async () => {
    const s = open(await freshPgDatabase());
    const warnings: string[] = [];
    const heard = (w: Error) => warnings.push(w.message);
    process.on('warning', heard);
    try {
      // pg 8 warns of a statement sent while another runs on the same connection, and pg 9 refuses it
      const inWrite = await s.write(() => Promise.all([1, 2, 3, 4, 5].map((n) => s.sql.value<number>(`SELECT ?::int * 10 FROM pg_sleep(0.01)`, [n]))));
      const inRead = await s.read(() => Promise.all([s.sql.value<number>('SELECT 1'), s.sql.rows<{ n: number }>('SELECT 2 AS n')]));
      expect(inWrite).toEqual([10, 20, 30, 40, 50]);
      expect(inRead).toEqual([1, [{ n: 2 }]]);
      // a statement that fails fails the write: the one under way answers, those after it are
      // never run (not after the rollback, nor on the connection's next transaction)
      await expect(s.write(() => Promise.all([s.sql.run(`INSERT INTO meta (key, value) VALUES ('b', '1')`), s.sql.value('SELECT 1 / 0')]))).rejects.toThrow(
        'division by zero',
      );
      const insert = (k: string) => s.sql.run(`INSERT INTO meta (key, value) VALUES (?, '1')`, [k]);
      await expect(s.write(() => Promise.all([s.sql.value('SELECT 1 / 0'), s.sql.value('SELECT pg_sleep(0.05)'), insert('c'), insert('d')]))).rejects.toThrow(
        'division by zero',
      );
      // one that failed unawaited, its error caught: the write is refused, not committed as a rollback
      await expect(
        s.write(async () => {
          void s.sql.value('SELECT 1 / 0').catch(() => {});
          await insert('e');
        }),
      ).rejects.toThrow();
      await s.write(() => insert('f'));
      expect(await s.sql.rows(`SELECT key FROM meta`)).toEqual([{ key: 'f' }]);
    } finally {
      process.off('warning', heard);
    }
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
  });

  it('a read inside a write sees the write; a read beside it does not until it commits', async () => {
    const url = await freshPgDatabase();
    const [a, b] = [open(url), open(url)];
    let inside: unknown;
    const writing = holdWrite(a, {}, async (tx) => {
      await a.sql.run(`INSERT INTO meta (key, value) VALUES ('w', 'x')`);
      inside = await tx.read(async () => a.sql.value(`SELECT value FROM meta WHERE key = 'w'`));
    });
    await writing.holding;
    expect(await b.read(async () => b.sql.value(`SELECT count(*) FROM meta`))).toBe(0);
    writing.release();
    await writing.done;
    expect(inside).toBe('x');
    expect(await b.sql.value(`SELECT count(*) FROM meta`)).toBe(1);
  });

  it('index writes of two servers go one at a time; one that waits too long is refused with busy', async () => {
    const url = await freshPgDatabase();
    const [a, b] = [open(url), open(url)];
    const first = holdWrite(a, {}, () => a.sql.run(`INSERT INTO meta (key, value) VALUES ('first', '1')`));
    await first.holding;
    await expect(b.write(async () => b.sql.run(`INSERT INTO meta (key, value) VALUES ('second', '2')`), { waitMs: 300 })).rejects.toBeInstanceOf(PgLocked);
    const second = b.write(async () => b.sql.value(`SELECT value FROM meta WHERE key = 'first'`));
    first.release();
    await first.done;
    expect(await second).toBe('1');
  });

  it('a page write locks that page only: another page is written beside it', async () => {
    const url = await freshPgDatabase();
    const [a, b] = [open(url), open(url)];
    const page = { root: '/w', path: 'a.md' };
    const first = holdWrite(a, { page });
    await first.holding;
    // beside it: a write that waited for it would wait until the test ends
    await b.write(async () => b.sql.run(`INSERT INTO meta (key, value) VALUES ('other', '1')`), { page: { root: '/w', path: 'b.md' }, waitMs: 30_000 });
    await expect(b.write(async () => undefined, { page, waitMs: 300 })).rejects.toBeInstanceOf(PgLocked);
    first.release();
    await first.done;
  });

  it('a write of some rows goes beside writes of other rows, and waits for one of the same rows or of the index', async () => {
    const url = await freshPgDatabase();
    const [a, b] = [open(url), open(url)];
    const first = holdWrite(a, { rows: ['stale:1', 'stale:2'] });
    await first.holding;
    // other rows, in any order: beside it (a write that waited for it would wait until the test ends)
    await b.write(async () => b.sql.run(`INSERT INTO meta (key, value) VALUES ('other', '1')`), { rows: ['stale:4', 'stale:3'], waitMs: 30_000 });
    // one of its rows, or the whole index: after it
    await expect(b.write(async () => undefined, { rows: ['stale:3', 'stale:2'], waitMs: 300 })).rejects.toBeInstanceOf(PgLocked);
    await expect(b.write(async () => undefined, { waitMs: 300 })).rejects.toBeInstanceOf(PgLocked);
    first.release();
    await first.done;
    // and a write of the index keeps rows' writes out while it goes
    const index = holdWrite(a);
    await index.holding;
    await expect(b.write(async () => undefined, { rows: ['stale:9'], waitMs: 300 })).rejects.toBeInstanceOf(PgLocked);
    index.release();
    await index.done;
    await b.write(async () => undefined, { rows: ['stale:9'], waitMs: 30_000 });
  });

  it("plans a reader's statements once per connection, however often they run", async () => {
    const s = openReadStore(await freshPgDatabase()) as PgStore;
    stores.push(s);
    // one after another, so the pool hands them, and the look at what was planned, the same connection
    for (let i = 0; i < 8; i++) await s.pages.keysOf([i, i + 1, i + 2]);
    const plans = await s.sql.rows<{ statement: string; custom: number }>(
      `SELECT statement, custom_plans AS custom FROM pg_prepared_statements WHERE name LIKE 'cairn\\_%' AND statement LIKE '%"pages"%'`,
    );
    // a custom plan is planned again at every run (PostgreSQL tries five before it weighs a generic one)
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.filter((p) => p.custom > 0)).toEqual([]);
  });

  it('a database that cannot be reached is named without its password', async () => {
    const s = open('postgres://cairn:hunter2@127.0.0.1:1/none');
    const err = (await s.read(async () => 1).catch((e: Error) => e)) as Error;
    expect(err.message).toMatch(/cannot open the PostgreSQL index postgres:\/\/cairn:\*\*\*@127\.0\.0\.1:1\/none/);
    expect(err.message).not.toContain('hunter2');
  });
});
