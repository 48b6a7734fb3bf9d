// Servers sharing one PostgreSQL database tell each other of their runs through LISTEN/NOTIFY, on
// the real server: each hears the others' and not its own, a notice at the size limit arrives,
// and a listening connection that drops is opened again, hearing what is sent afterwards.
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexReport } from '../../../../shared/indexing.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { until } from '../../testing/until.ts';
import { openPgStore, type PgStore } from './pg-store.ts';
import { indexReport as report } from '../../testing/index-report.ts';

const stores: PgStore[] = [];
const open = (url: string) => {
  const s = openPgStore(url);
  stores.push(s);
  return s;
};
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** The runs `s` hears announced; `missed` counts the times it was told it may have missed some. */
function heard(s: PgStore): IndexReport[] & { missed: number } {
  const got = Object.assign([] as IndexReport[], { missed: 0 });
  s.cluster.hear(
    (r) => got.push(r),
    () => got.missed++,
  );
  return got;
}

describe.skipIf(!pgAdminUrl())('servers telling each other of changes (LISTEN/NOTIFY)', () => {
  it('every other server hears a run; the one that ran it does not hear itself', async () => {
    const url = await freshPgDatabase();
    const [a, b, c] = [open(url), open(url), open(url)];
    const [atA, atB, atC] = [heard(a), heard(b), heard(c)];
    await until('all three listening', () => a.cluster.listener.listening && b.cluster.listener.listening && c.cluster.listener.listening);
    await a.cluster.announce(report({ pages: 3 }));
    await until('b and c hear it', () => atB.length === 1 && atC.length === 1);
    expect(atB[0]).toEqual(report({ pages: 3 }));
    await b.cluster.announce(report({ pages: 4 }));
    await until('a and c hear it', () => atA.length === 1 && atC.length === 2);
    expect(atA.map((r) => r.pages)).toEqual([4]);
    expect(atB.map((r) => r.pages)).toEqual([3]);
  });

  it('a run with thousands of problems arrives, trimmed to fit', async () => {
    const url = await freshPgDatabase();
    const [a, b] = [open(url), open(url)];
    const atB = heard(b);
    await until('b listening', () => b.cluster.listener.listening);
    const problems = Array.from({ length: 3000 }, (_, i) => ({ root: '/wiki', path: `p${i}.md`, line: null, severity: 'skipped' as const, reason: 'too big' }));
    await a.cluster.announce(report({ skipped: 3000, problems }));
    const [got] = await until('b hears it', () => atB.length === 1 && atB);
    expect(got!.skipped).toBe(3000);
    expect(got!.problems.length).toBeGreaterThan(0);
  });

  it('a listening connection that drops is opened again, says notices may have been missed, and hears what is sent after', async () => {
    const url = await freshPgDatabase();
    const [a, b] = [open(url), open(url)];
    const atB = heard(b);
    await until('b listening', () => b.cluster.listener.listening);
    const epoch = b.cluster.listener.epoch;
    // the database ends b's listening session, as a restart or a dropped network would
    await a.sql.run(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cairn listen' AND pid <> pg_backend_pid() AND datname = current_database()`,
    );
    await until('b listening again', () => b.cluster.listener.listening && b.cluster.listener.epoch > epoch);
    expect(atB.missed).toBe(1);
    await a.cluster.announce(report({ pages: 9 }));
    await until('b hears it', () => atB.some((r) => r.pages === 9));
  });
});
