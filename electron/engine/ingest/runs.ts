// The log of indexing runs: the last one is what `status` shows.
import type { IndexReport } from '../../../shared/indexing.ts';
import type { Db } from '../store/database.ts';

export function recordRun(db: Db, report: IndexReport): void {
  db.prepare(`INSERT INTO runs (started_at, finished_at, roots, counts, ms) VALUES (?, ?, ?, ?, ?)`).run(
    new Date(Date.now() - report.ms).toISOString(),
    new Date().toISOString(),
    JSON.stringify(report.roots),
    JSON.stringify(report),
    report.ms,
  );
}

export function lastRun(db: Db): (IndexReport & { startedAt: string; finishedAt: string }) | null {
  const row = db.prepare(`SELECT started_at, finished_at, counts FROM runs ORDER BY id DESC LIMIT 1`).get() as
    | { started_at: string; finished_at: string; counts: string }
    | undefined;
  return row ? { ...(JSON.parse(row.counts) as IndexReport), startedAt: row.started_at, finishedAt: row.finished_at } : null;
}
