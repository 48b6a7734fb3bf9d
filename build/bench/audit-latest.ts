// How long a write's look at its file's newest audit entry takes (AuditRepo.latestOn, asked by
// every logged write) on PostgreSQL, for a much-written page whose last entry lies far back in a
// long log: the case where the planner, taking the page's entries for spread evenly over the log,
// would walk the log back by id instead of using the (path, root, id) index.
// Usage: npx tsx build/bench/audit-latest.ts [ENTRIES] (default 100,000: the page has one in 20 of
// the first ENTRIES, then ENTRIES of other pages follow)
import { startCluster } from '../../electron/engine/testing/pg-cluster.ts';
import { openPgStore } from '../../electron/engine/store/postgres/pg-store.ts';

const entries = Number(process.argv[2] ?? 100_000);
const cluster = await startCluster({ durable: true });
const store = openPgStore(await cluster.freshDatabase('audit_latest'));
try {
  await store.ready;
  await store.sql.run(
    `INSERT INTO audit (at, actor, action, root, path, key, hash_before, hash_after)
     SELECT now()::text, 'a', 'write', '/r', CASE WHEN g % 20 = 0 AND g < ? THEN 'hot.md' ELSE 'p' || (g % 5000) || '.md' END, 'k', 'x', 'y'
     FROM generate_series(1, ?) g`,
    [entries, entries * 2],
  );
  await store.sql.run('ANALYZE audit');
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    for (let i = 0; i < 100; i++) await store.audit.latestOn('/r', 'hot.md');
    console.log(`latestOn, a page with ${entries / 20} entries, its newest ${entries} entries back: ${((performance.now() - started) / 100).toFixed(2)} ms`);
  }
} finally {
  await store.close();
  cluster.stop();
}
