// The runs repository and PgAttachments against a real PostgreSQL, beside SQLite: the same calls on both stores
// give the same answers (every statement runs at least once); and which runs live is answered
// for every server sharing the database, not by a pid of this machine.
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexReport } from '../../../../shared/indexing.ts';
import { pgAdminUrl } from '../../testing/pg-test.ts';
import type { FileRecord, OpenRun } from '../runs.ts';
import type { Store } from '../store.ts';
import { RUN_LOCKS } from './locks.ts';
import { openPgStore, type PgStore } from './pg-store.ts';
import { addPage, twoStores, type TwoStores } from '../../testing/two-stores.ts';

let two: TwoStores | null = null;
const others: PgStore[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((s) => s.close()));
  await two?.close();
  two = null;
});

const file = (relPath: string, status: FileRecord['status'] = 'indexed', reason: string | null = null): FileRecord => ({
  relPath,
  mtimeMs: 1700000000123.5,
  size: 42,
  status,
  reason,
});
const REPORT = {
  roots: ['/w'],
  pages: 1,
  chunks: 2,
  links: 3,
  dangling: 0,
  brokenAnchors: 0,
  indexed: 1,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  removed: 0,
  ms: 12.5,
  problems: [],
} as unknown as IndexReport;
/** What both stores say of a run (PostgreSQL also says whether it lives: compared on its own). */
const withoutAlive = (runs: OpenRun[]) => runs.map(({ alive: _alive, ...r }) => r);

/** Asks both stores and expects the same answer; returns it. */
async function same<T>(fn: (s: Store) => Promise<T>): Promise<T> {
  const [a, b] = await two!.ask(fn);
  expect(b).toEqual(a);
  return a;
}

describe.skipIf(!pgAdminUrl())('the runs repository and PgAttachments answer as SQLite does', () => {
  it('roots, files, walk problems, counts and attachments', async () => {
    two = await twoStores();
    expect(await same((s) => s.runs.upsertRoot('/w', true))).toEqual({ id: 1, wasScoped: false });
    expect(await same((s) => s.runs.upsertRoot('/a', false))).toEqual({ id: 2, wasScoped: null });
    expect(await same((s) => s.runs.upsertRoot('/a', false))).toEqual({ id: 2, wasScoped: false });
    expect(await same((s) => s.runs.rootPaths())).toEqual(['/a', '/w']);
    expect(await same((s) => s.runs.root('/w'))).toEqual({ id: 1, scoped: true });
    expect(await same((s) => s.runs.root('/nowhere'))).toBeNull();

    const names = ['sub0.md', 'sub/c.md', 'b.md', 'sub/deep/d.md', 'Sub/E.PNG', 'sub/img.png', 'a/img.png', 'sub', 'sub/big.md'];
    const status: Record<string, FileRecord['status']> = {
      'Sub/E.PNG': 'attachment',
      'sub/img.png': 'attachment',
      'a/img.png': 'attachment',
      'sub/big.md': 'skipped',
    };
    for (const n of names) await same((s) => s.runs.recordFile(1, file(n, status[n] ?? 'indexed', n === 'sub/big.md' ? 'too big' : null)));
    await same((s) => s.runs.recordFile(2, file('z.md')));
    await same((s) => s.runs.filesOf(1, null));
    // a folder is its own path or the paths under it, by path: 'sub0.md' and 'Sub/' are not under 'sub'
    expect((await same((s) => s.runs.filesOf(1, ['sub', 'b.md', 'nope']))).map((f) => f.rel_path)).toEqual([
      'b.md',
      'sub',
      'sub/big.md',
      'sub/c.md',
      'sub/deep/d.md',
      'sub/img.png',
    ]);
    await same((s) => s.runs.touchFile(1, 'b.md', 1800000000000.25, 7));
    await same((s) => s.runs.filesOf(1, ['b.md']));

    const b = await addPage(two, { fileId: 3, key: 'b', fmError: 'bad yaml' });
    await addPage(two, { fileId: 2, key: 'c' });
    await same((s) => s.runs.fileProblems());
    expect(await same((s) => s.runs.pageCount())).toBe(2);
    await same((s) => s.runs.counts());
    // a file that is no longer a page loses its page
    await same((s) => s.runs.recordFile(1, file('b.md', 'failed', 'unreadable')));
    expect(await two.pg.sql.value(`SELECT count(*) FROM pages WHERE id = ?`, [b])).toBe(0);
    expect((await same((s) => s.runs.fileProblems())).map((p) => p.path)).toEqual(['b.md', 'sub/big.md']);

    await same((s) => s.attachments.byName('img.png'));
    await same((s) => s.attachments.byPath('sub/e.png'));
    expect((await same((s) => s.attachments.byPathSuffix('img.png'))).length).toBe(2);
    await same((s) => s.attachments.byPathSuffix('e.png'));
    await same((s) => s.attachments.byPathSuffix('sub/e.png'));
    expect(await same((s) => s.attachments.isAttachment('/w', 'Sub/E.PNG'))).toBe(true);
    expect(await same((s) => s.attachments.isAttachment('/w', 'sub/e.png'))).toBe(false);
    expect((await same((s) => s.attachments.describe(new Set([7, 5, 6, 99])))).map((d) => d.id)).toEqual([5, 6, 7]);

    await same((s) =>
      s.runs.replaceWalkProblems(1, [
        { relPath: 'locked', severity: 'warning', reason: 'EACCES' },
        { relPath: 'loop', severity: 'warning', reason: 'symlink loop' },
      ]),
    );
    await same((s) => s.runs.replaceWalkProblems(2, [{ relPath: 'x', severity: 'warning', reason: 'EACCES' }]));
    expect((await same((s) => s.runs.walkProblems(['/w', '/a']))).length).toBe(3);
    await same((s) => s.runs.replaceWalkProblems(1, []));
    await same((s) => s.runs.walkProblems(['/w']));

    expect(await same((s) => s.runs.deleteFile(4))).toBe('sub/deep/d.md');
    expect(await same((s) => s.runs.deleteFile(4))).toBeNull();
    expect(await same((s) => s.runs.deleteFileAt(1, 'sub0.md'))).toBe('sub0.md');
    expect(await same((s) => s.runs.deleteFileAt(1, 'sub0.md'))).toBeNull();
    expect(await same((s) => s.runs.forgetRoot('/w'))).toBe(7);
    expect(await same((s) => s.runs.forgetRoot('/w'))).toBeNull();
    await same((s) => s.runs.counts());
  });

  it('the log of runs: started, linked, failed, abandoned, done; the full relink flag', async () => {
    two = await twoStores();
    // a new SQLite index asks for one (migration 3 made existing indexes relink once); a new PostgreSQL one does not
    await same((s) => s.runs.clearFullRelink());
    expect(await same((s) => s.runs.lastDone())).toBeNull();
    expect(await same((s) => s.runs.anyLinked())).toBe(false);
    const ids = await same(async (s) => {
      const started = [];
      for (let i = 0; i < 4; i++) started.push(await s.write((tx) => tx.runs.start(['/w'], `2026-01-0${i + 1}`, 100 + i, `host/boot/${i}`)));
      return started;
    });
    expect(withoutAlive(await same(async (s) => withoutAlive(await s.runs.open(true))))).toHaveLength(4);
    await same((s) => s.runs.fail(ids[0]!, '2026-02-01'));
    await same((s) => s.runs.markLinked(ids[1]!, [ids[0]!, ids[2]!], '2026-02-02'));
    await same(async (s) => withoutAlive(await s.runs.open(false)));
    expect((await same(async (s) => withoutAlive(await s.runs.open(true)))).map((r) => r.state)).toEqual(['linked', 'running']);
    await same((s) => s.runs.fail(ids[1]!, '2026-02-03'));
    await same((s) => s.runs.finish(ids[3]!, REPORT, '2026-02-04'));
    await same((s) => s.runs.abandon([ids[3]!], '2026-02-05'));
    await same((s) => s.runs.finish(ids[3]!, REPORT, '2026-02-06'));
    expect(await same((s) => s.runs.lastDone())).toMatchObject({ ms: 12.5, startedAt: '2026-01-04', finishedAt: '2026-02-06' });
    expect(await same((s) => s.runs.anyLinked())).toBe(true);
    for (const id of ids) await two.pg.runs.ended(id);

    expect(await same((s) => s.runs.fullRelinkRequested())).toBe(false);
    await same((s) => s.runs.requestFullRelink());
    expect(await same((s) => s.runs.fullRelinkRequested())).toBe(true);
    await same((s) => s.runs.clearFullRelink());
    expect(await same((s) => s.runs.fullRelinkRequested())).toBe(false);
    expect(await same((s) => s.withoutCheckpoints(async () => 'written'))).toBe('written');
    await same((s) => s.checkpoint());
  });
});

describe.skipIf(!pgAdminUrl())('which runs live, for every server sharing a PostgreSQL database', () => {
  const aliveOf = async (s: PgStore, id: number) => (await s.runs.open(true)).find((r) => r.id === id)?.alive;

  it('a run lives while its process holds it, on any server, and dies with its connection', async () => {
    two = await twoStores();
    const [a, b] = [two.pg, openPgStore(two.url)];
    others.push(b);
    const id = await a.write((tx) => tx.runs.start(['/w'], 'now', 1, 'host-a/boot/1'));
    // another server (another machine: its pid means nothing here) asks the database
    expect(await aliveOf(b, id)).toBe(true);
    await a.runs.ended(id);
    expect(await aliveOf(b, id)).toBe(false);

    const killed = await a.write((tx) => tx.runs.start(['/w'], 'now', 1, 'host-a/boot/1'));
    // the connection of a process that dies is closed: the server lets go of its lock
    await b.sql.run(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = ? AND objid = ? AND objsubid = 2
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [RUN_LOCKS, killed],
    );
    await expect.poll(() => aliveOf(b, killed)).toBe(false);
    // the run that lost its lock can still end, and the store still closes
    await a.runs.ended(killed);
  });

  it("runs hold their locks on the pool's connections: ten runs open no session each, and each lets go", async () => {
    two = await twoStores();
    const { pg: a } = two;
    const sessions = async () => Number((await a.sql.one<{ n: string }>(`SELECT sessions AS n FROM pg_stat_database WHERE datname = current_database()`))!.n);
    // one run first: the pool has the connections it keeps from then on
    await a.runs.ended(await a.write((tx) => tx.runs.start(['/w'], 'now', 1, null)));
    const before = await sessions();
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const id = await a.write((tx) => tx.runs.start(['/w'], 'now', 1, null));
      ids.push(id);
      expect(await aliveOf(a, id)).toBe(true);
      await a.runs.ended(id);
    }
    // opening a session for each run cost a write a new server process (about a fifth of a write on PostgreSQL)
    expect((await sessions()) - before).toBeLessThan(3);
    // a connection back in the pool holds no run's lock: every run is dead once ended
    const open = await a.runs.open(true);
    expect(ids.map((id) => open.find((r) => r.id === id)?.alive)).toEqual(ids.map(() => false));
  });
});
