// One leader among the servers sharing a database, on the real server: exactly one of three holds
// the lock; when its session ends (it stops, or its connection is cut) another takes over within
// a few tries, and the one cut off is told it no longer leads.
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Leadership } from '../cluster.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { until } from '../../testing/until.ts';
import { holdLeadership } from './leader.ts';
import { dedicatedClient } from './notify-client.ts';

const RETRY_MS = 100;
const held: Leadership[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((l) => l.stop()));
});

function three(url: string) {
  const changes: boolean[][] = [[], [], []];
  const servers = changes.map((log) => holdLeadership(url, (leading) => log.push(leading), RETRY_MS));
  held.push(...servers);
  return { servers, changes };
}

const leaders = (servers: Leadership[]) => servers.filter((s) => s.leading);

describe.skipIf(!pgAdminUrl())('the leader lock', () => {
  it('one of three leads; the others are told they do not, and keep trying', async () => {
    const { servers, changes } = three(await freshPgDatabase());
    await until('all three decided', () => changes.every((c) => c.length === 1));
    expect(changes.flat().sort()).toEqual([false, false, true]);
    // several tries later, still one
    await new Promise((r) => setTimeout(r, RETRY_MS * 5));
    expect(leaders(servers)).toHaveLength(1);
    expect(changes.every((c) => c.length === 1)).toBe(true);
  });

  it('when the leader stops, another takes over', async () => {
    const { servers } = three(await freshPgDatabase());
    const [first] = await until('a leader', () => leaders(servers).length === 1 && leaders(servers));
    await first!.stop();
    const [next] = await until('another leader', () => leaders(servers).length === 1 && leaders(servers), 5000);
    expect(next).not.toBe(first);
  });

  it("when the leader's connection is cut, it stops leading and another takes over", async () => {
    const url = await freshPgDatabase();
    const { servers, changes } = three(url);
    const [first] = await until('a leader', () => leaders(servers).length === 1 && leaders(servers));
    const i = servers.indexOf(first!);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // the session holding the lock ends: a dead process, a dropped network. Only this test's
      // database: other tests share the cluster, and each of their writes holds an advisory lock
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
    } finally {
      await admin.end();
    }
    await until('the old leader told', () => changes[i]!.includes(false) && changes[i]);
    await until('one leader again', () => leaders(servers).length === 1, 5000);
    expect(changes[i]!.slice(0, 2)).toEqual([true, false]);
  });

  it('the database gives up on a silent session within seconds, not hours (a leader cut off by the network frees the lock)', async () => {
    const client = await dedicatedClient(await freshPgDatabase(), 'cairn leader', () => {});
    try {
      const setting = async (name: string) => (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
      expect([await setting('tcp_keepalives_idle'), await setting('tcp_keepalives_interval'), await setting('tcp_keepalives_count')]).toEqual(['10', '5', '3']);
    } finally {
      await client.end();
    }
  });
});
