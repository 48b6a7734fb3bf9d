// The written pages waiting for a run, in one table every server shares (store/cluster.ts
// WaitingWrites). Under three servers and 16 writers each server's run held the index lock for
// about 130 ms while the other two waited with about five writes each: runs went in turn, a write
// waited for three of them. Taken by whichever run holds the lock, they go in one.
import type { WaitingWrites } from '../cluster.ts';
import type { Sql } from './sql.ts';

export class PgWaitingWrites implements WaitingWrites {
  constructor(private readonly sql: Sql) {}

  async add(paths: readonly string[]): Promise<void> {
    // never waits: a path a run is taking right now (its rows deleted by a transaction not yet
    // committed) waits again in a row of its own, which that run's DELETE does not see
    await this.sql.run('INSERT INTO waiting_writes (path) SELECT unnest(?::text[])', [paths]);
  }

  async take(roots: readonly string[]): Promise<string[]> {
    if (!roots.length) return [];
    const rows = await this.sql.rows<{ path: string }>(
      'DELETE FROM waiting_writes WHERE EXISTS (SELECT 1 FROM unnest(?::text[]) AS r(prefix) WHERE starts_with(path, prefix)) RETURNING path',
      [roots],
    );
    return [...new Set(rows.map((r) => r.path))].sort();
  }
}
