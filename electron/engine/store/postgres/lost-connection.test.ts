// A pooled connection that PostgreSQL ends while a transaction holds it (an administrator's
// pg_terminate_backend, a failover, a reset by the network): that transaction fails as
// `unavailable` (503, try again), nothing of it lands, the process lives on, and the next
// transaction runs on a fresh connection.
import { afterEach, describe, expect, it } from 'vitest';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { until } from '../../testing/until.ts';
import { explainPgError } from './pg-errors.ts';
import { openPgStore, type PgStore } from './pg-store.ts';

const stores: PgStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

describe.skipIf(!pgAdminUrl())('a pooled connection lost mid-transaction', () => {
  it('fails that transaction as unavailable, never the process; the next one runs', async () => {
    const url = await freshPgDatabase();
    const [s, admin] = [openPgStore(url), openPgStore(url)];
    stores.push(s, admin);
    const failed = await s
      .write(async () => {
        await s.sql.run(`INSERT INTO meta (key, value) VALUES ('lost', '1')`);
        const pid = await s.sql.value<number>(`SELECT pg_backend_pid()`);
        await admin.sql.run(`SELECT pg_terminate_backend(?)`, [pid]);
        await until('the connection is gone', async () => !(await admin.sql.value(`SELECT 1 FROM pg_stat_activity WHERE pid = ?`, [pid])));
        await s.sql.run(`INSERT INTO meta (key, value) VALUES ('after', '1')`);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(explainPgError(url, failed)).toMatchObject({ code: 'unavailable' });
    expect(await s.sql.value(`SELECT count(*) FROM meta`)).toBe(0);
    await s.write(async () => s.sql.run(`INSERT INTO meta (key, value) VALUES ('next', '1')`));
    expect(await s.sql.value(`SELECT count(*) FROM meta`)).toBe(1);
  });
});
