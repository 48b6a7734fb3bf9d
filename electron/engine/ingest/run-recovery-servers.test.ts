// Runs of servers on several machines sharing a PostgreSQL database: a run whose process is alive
// on another machine is left alone, however its pid reads here; once its process is gone (its
// connection with it), the next run anywhere repairs it (store/postgres/run-locks.ts).
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { IndexReport } from '../../../shared/indexing.ts';
import { freshPgDatabase, pgAdminUrl } from '../testing/pg-test.ts';
import { INDEX_WRITE_LOCK, RUN_LOCKS } from '../store/postgres/locks.ts';
import { openPgStore, type PgStore } from '../store/postgres/pg-store.ts';
import { beginRun, failRun, finishRun, readersNotice } from './runs.ts';

let opened: PgStore | null = null;
let elsewhere: pg.Client | null = null;
afterEach(async () => {
  delete process.env.CAIRN_LOCK_WAIT_MS;
  await elsewhere?.end().catch(() => {});
  await opened?.close();
  [elsewhere, opened] = [null, null];
});

const REPORT = {
  roots: ['/w'],
  pages: 0,
  chunks: 0,
  links: 0,
  dangling: 0,
  brokenAnchors: 0,
  indexed: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  removed: 0,
  ms: 1,
  problems: [],
} as unknown as IndexReport;

describe.skipIf(!pgAdminUrl())('runs of servers on several machines', () => {
  it('a run of another machine is repaired once its process is gone, never while it runs', async () => {
    const url = await freshPgDatabase();
    const store = (opened = openPgStore(url));
    // a run of another host, whose pid and start identity mean nothing on this one
    const id = (await store.sql.value<number>(
      `INSERT INTO runs (started_at, roots, counts, state, pid, process) VALUES ('then', '[]', '{}', 'running', 1, 'elsewhere/boot/1') RETURNING id`,
    ))!;
    // its process, alive: its connection holds the run's lock
    elsewhere = new pg.Client({ connectionString: url });
    await elsewhere.connect();
    await elsewhere.query(`SELECT pg_advisory_lock($1, $2)`, [RUN_LOCKS, id]);

    expect(await readersNotice(store, null)).toMatchObject({ state: 'first-index' });
    const first = await beginRun(store, ['/w']);
    expect(first.unlinked).toEqual([]);
    await finishRun(store, first.id, REPORT);
    expect(await store.runs.open(true)).toEqual([{ id, state: 'running', pid: 1, process: 'elsewhere/boot/1', alive: true }]);

    await elsewhere.end();
    elsewhere = null;
    expect(await readersNotice(store, null)).toMatchObject({ state: 'interrupted' });
    const second = await beginRun(store, ['/w']);
    expect(second.unlinked).toEqual([id]);
    await store.write((tx) => tx.runs.markLinked(second.id, second.unlinked, 'now'));
    await failRun(store, second.id);
    expect(await store.sql.rows(`SELECT id, state FROM runs ORDER BY id`)).toEqual([
      { id, state: 'abandoned' },
      { id: first.id, state: 'done' },
      { id: second.id, state: 'abandoned' },
    ]);
    // every run ended here let go of its lock
    expect(await store.runs.open(true)).toEqual([]);
    expect(
      await store.sql.value(
        `SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE d.datname = current_database() AND l.locktype = 'advisory' AND l.classid = ?`,
        [RUN_LOCKS],
      ),
    ).toBe(0);
  });

  it('a run that fails while another server holds the index is let go of at once, though its failure could not be written', async () => {
    const url = await freshPgDatabase();
    const store = (opened = openPgStore(url));
    const run = await beginRun(store, ['/w']);
    // another server writes, longer than this one waits
    elsewhere = new pg.Client({ connectionString: url });
    await elsewhere.connect();
    await elsewhere.query(`SELECT pg_advisory_lock($1)`, [INDEX_WRITE_LOCK]);
    process.env.CAIRN_LOCK_WAIT_MS = '300';
    await expect(failRun(store, run.id)).rejects.toThrow(/stayed locked by another server/);
    // still 'running' in the table, but no server takes it for alive: the next run anywhere repairs it
    expect(await store.runs.open(true)).toEqual([expect.objectContaining({ id: run.id, state: 'running', alive: false })]);
  });
});
