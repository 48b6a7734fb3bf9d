// The vectors, audit log and outcomes of a real index — the demo wiki with its adaptive model,
// written to, undone, recalled and told about — read the same from PostgreSQL, after copyStore
// moved them there, as from the SQLite index they came from: every VectorRepo, AuditRepo and
// OutcomeRepo read, on every chunk, entry, query and page.
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_WIKI } from '../../config/settings.ts';
import { freshPgDatabase, pgAdminUrl } from '../../testing/pg-test.ts';
import { makeFixture, type Fixture } from '../../testing/wiki-fixture.ts';
import { copyStore } from '../copy/store-copy.ts';
import { openSqliteStore, type SqliteStore } from '../sqlite/sqlite-store.ts';
import type { Store } from '../store.ts';
import type { Neighbour } from '../vectors.ts';
import { openPgStore, type PgStore } from '../postgres/pg-store.ts';

let fx: Fixture;
let from: SqliteStore;
let to: PgStore;
afterEach(async () => {
  await to?.close();
  await from?.close();
  fx?.cleanup();
});

/** The index as agents leave it: pages written (one undone), a recall with its outcome. */
async function usedWiki(): Promise<string> {
  fx = makeFixture();
  fs.cpSync(DEMO_WIKI, fx.root, { recursive: true });
  const api = fx.engine({ model: 'adaptive' });
  await api.reindex({});
  const probe = await api.writePage({ key: 'probe', body: '# Probe\n\nDraft.\n', actor: 'agent-a' });
  await api.writePage({
    key: 'probe',
    baseHash: probe.hashAfter,
    body: '# Probe\n\n## Rollback\n\nThe deploy runbook and its rollback, step by step.\n',
    actor: 'agent-a',
  });
  const undone = await api.writePage({ key: 'scratch', body: '# Scratch\n\nA page written, then undone.\n', actor: 'agent-b' });
  await api.undo({ id: undone.auditId, actor: 'alice' });
  const recall = await api.knowledgeRecall({ query: 'Deploy rollback', role: 'researcher', agent: 'agent-a' });
  await api.recordOutcome({ queryId: recall.queryId, outcome: 'success', usedKeys: recall.results.slice(0, 2).map((r) => r.key), agent: 'agent-a' });
  await api.knowledgeRecall({ query: 'deploy ROLLBACK', role: 'planner', agent: 'agent-b' });
  await api.close();
  return fx.db;
}

/**
 * The same neighbours at the same distances, up to float rounding: sqlite-vec sums in float32, the
 * PostgreSQL store in float64, so rows at (nearly) equal distances may swap places, nothing else.
 */
function sameNeighbours(sqlite: Neighbour[], pg: Neighbour[], what: string): void {
  expect(pg.length, what).toBe(sqlite.length);
  const close = (x: number, y: number) => Math.abs(x - y) < 1e-5;
  const sqliteAt = new Map(sqlite.map((n) => [n.rowid, n.distance]));
  pg.forEach((n, i) => {
    expect(close(n.distance, sqlite[i]!.distance), `${what}: distance #${i}`).toBe(true);
    const there = sqliteAt.get(n.rowid);
    // a row SQLite left out ties with the last one it kept
    expect(close(n.distance, there ?? sqlite.at(-1)!.distance), `${what}: row ${n.rowid}`).toBe(true);
  });
}

describe.skipIf(!pgAdminUrl())('vectors and history copied into PostgreSQL', () => {
  it('read the same as in the SQLite index they came from', async () => {
    from = openSqliteStore(await usedWiki());
    to = openPgStore(await freshPgDatabase());
    await copyStore(from, to);
    // some chunks without a vector, on both: pending() then builds real heading paths
    from.db.exec(`DELETE FROM vec_chunks WHERE rowid % 3 = 0`);
    await to.sql.run(`DELETE FROM chunk_vectors WHERE rowid % 3 = 0`);
    const stores: Store[] = [from, to];
    const same = async <T>(what: string, read: (s: Store) => Promise<T>, norm: (x: T) => unknown = (x) => x) => {
      const [a, b] = await Promise.all(stores.map(read));
      expect(norm(b!), what).toEqual(norm(a!));
      return a!;
    };
    const column = <T>(sql: string) => from.db.prepare(sql).pluck().all() as T[];

    // vectors
    const model = await same('model', (s) => s.vectors.model());
    expect(model!.id).toMatch(/^cairn\/adaptive-/);
    expect(await same('countPending', (s) => s.vectors.countPending())).toBeGreaterThan(0);
    await same('pending', (s) => s.vectors.pending(1000));
    await same('corpusTexts', (s) => s.vectors.corpusTexts());
    await same('driftUnmeasured', (s) => s.vectors.driftUnmeasured());
    await same('cached', (s) => s.vectors.cached(model!.id, column<string>(`SELECT hash FROM chunks ORDER BY rowid`)));
    const byRowid = ({ rowids, matrix, dim }: { rowids: Int32Array; matrix: Float32Array; dim: number }) =>
      new Map(Array.from(rowids, (r, i) => [r, matrix.slice(i * dim, (i + 1) * dim)]));
    const vectors = byRowid(await same('matrix', (s) => s.vectors.matrix(), byRowid));
    expect(vectors.size).toBeGreaterThan(50);
    const queries = [...vectors.values()].filter((_, i) => i % 10 === 0);
    for (const [i, q] of queries.entries()) {
      for (const k of [10, 4096]) {
        const [a, b] = await Promise.all(stores.map((s) => s.vectors.nearest(q, k)));
        sameNeighbours(a!, b!, `nearest ${i} k=${k}`);
      }
    }
    const pruned = await Promise.all(stores.map((s) => s.write((tx) => tx.vectors.pruneCache(model!.id))));
    expect(pruned[1]).toBe(pruned[0]);

    // the audit log
    const entries = await same('audit list', (s) => s.audit.list({ limit: 1000 }));
    expect(entries.map((e) => e.action)).toEqual(['undo', 'create', 'write', 'create']);
    for (const e of entries) {
      await same(`entry ${e.id}`, (s) => s.audit.entry(e.id));
      await same(`laterOn ${e.id}`, (s) => s.audit.laterOn(e));
      // each file's newest entry (a write asks it: logged-write.ts), the same on both
      const newest = await same(`latestOn ${e.id}`, (s) => s.audit.latestOn(e.root, e.path));
      expect(newest?.at).toBe(entries.find((x) => x.root === e.root && x.path === e.path)!.at);
    }
    expect(await same('latestOn elsewhere', (s) => s.audit.latestOn(entries[0]!.root, 'no/such.md'))).toBeNull();
    for (const filter of [{ actor: 'agent-b' }, { key: 'SCRATCH' }, { action: 'undo' }, { limit: 1 }])
      await same(`audit ${JSON.stringify(filter)}`, (s) => s.audit.list({ limit: 1000, ...filter }));

    // outcomes
    const asked = await same('queries', (s) => s.outcomes.queries({ limit: 100 }));
    expect(asked).toHaveLength(2);
    await same('anyOutcome', (s) => s.outcomes.anyOutcome());
    for (const q of asked) {
      await same(`asked ${q.queryId}`, (s) => s.outcomes.asked(q.queryId));
      await same(`outcomeCount ${q.queryId}`, (s) => s.outcomes.outcomeCount(q.queryId));
      await same(`totalsFor ${q.query}`, (s) => s.outcomes.totalsFor(q.query));
      await same(`queries of ${q.agent}`, (s) => s.outcomes.queries({ agent: q.agent ?? undefined, query: q.query.toUpperCase(), limit: 100 }));
    }
    for (const page of column<number>(`SELECT id FROM pages ORDER BY id`)) {
      for (const agent of ['agent-a', 'agent-b', '']) await same(`usesByOthers ${page} ${agent}`, (s) => s.outcomes.usesByOthers(page, agent));
    }
  }, 240_000);
});
