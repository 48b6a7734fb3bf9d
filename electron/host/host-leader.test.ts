// Long-running hosts on one PostgreSQL database: one watches the roots (the leader), the others
// do not, and take over when it closes; a run announced by another server reaches each host's
// engine events, as its own runs do, and after its connection to the others dropped, the last run.
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexReport } from '../../shared/indexing.ts';
import { indexReport } from '../engine/testing/index-report.ts';
import { freshPgDatabase, pgAdminUrl } from '../engine/testing/pg-test.ts';
import { until } from '../engine/testing/until.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { startHost, type Host, type HostProgress } from './start-host.ts';

let fx: Fixture;
const hosts: Host[] = [];

afterEach(async () => {
  await Promise.all(hosts.splice(0).map((h) => h.close()));
  fx?.cleanup();
});

async function start(db: string, progress: HostProgress[] = []): Promise<Host> {
  const host = await startHost({
    roots: [fx.root],
    db,
    model: 'none',
    env: { CAIRN_CONFIG: path.join(fx.dir, 'no-config.json') },
    watch: true,
    reindex: 'never',
    loadModel: 'never',
    onProgress: (p) => progress.push(p),
  });
  hosts.push(host);
  return host;
}

async function onDatabase(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.skipIf(!pgAdminUrl())('hosts sharing a PostgreSQL index', () => {
  it('one of three watches; when it closes, another takes over the watching', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n' });
    const db = await freshPgDatabase();
    const progress: HostProgress[][] = [[], [], []];
    const three = await Promise.all(progress.map((p) => start(db, p)));
    await until('each told whether it leads', () => progress.every((p) => p.some((x) => x.kind === 'leader')));
    const leaders = () => three.filter((h) => h.watcher !== null);
    expect(leaders()).toHaveLength(1);
    expect(
      progress
        .flat()
        .filter((p) => p.kind === 'leader')
        .map((p) => (p as { leading: boolean }).leading)
        .sort(),
    ).toEqual([false, false, true]);

    const [first] = leaders();
    await first!.close();
    const [next] = await until('another watching', () => leaders().length === 1 && leaders()[0] !== first && leaders(), 10_000);
    expect(next).not.toBe(first);
    await until('the new leader watching', () => progress[three.indexOf(next!)]!.some((p) => p.kind === 'watching'));
  });

  it("another server's run reaches a host's engine events", async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n' });
    const db = await freshPgDatabase();
    const [a, b] = [await start(db), await start(db)];
    const atB: IndexReport[] = [];
    b.engine.events.on('pagesChanged', (r) => atB.push(r));
    // a host's run is announced by its engine (index-runs.ts); here one is announced as such a run would be
    const sent = indexReport({ pages: 5 });
    await until(
      'b hears a',
      async () => {
        if (atB.length) return true;
        await a.engine.cluster.announce(sent);
        return false;
      },
      10_000,
      200,
    );
    expect(atB[0]).toEqual(sent);
  });

  it('a host whose connection to the others dropped and came back hears the last run, in case it missed one', async () => {
    fx = makeFixture({ 'global/alpha.md': '# Alpha\n' });
    const db = await freshPgDatabase();
    const [a, b] = [await start(db), await start(db)];
    const atB: IndexReport[] = [];
    b.engine.events.on('pagesChanged', (r) => atB.push(r));
    const report = await a.engine.reindex();
    await until('b hears the run', () => atB.length === 1);
    await onDatabase(db, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cairn listen' AND datname = current_database()`);
    const [, last] = await until('b told of the last run again', () => atB.length === 2 && atB, 10_000);
    expect(last).toMatchObject({ pages: report.pages, indexed: report.indexed });
  });
});
