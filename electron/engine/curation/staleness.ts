// Which pages may no longer be true, and why, recomputed after every indexing run from what the
// index and the disk say. Kept in the index only: a page's file changes only by a person's action.
//   source-changed: a file in its `sources` changed after the page was last updated or reviewed
//                   (the file's last commit date where it is inside a git repository, else its mtime);
//   source-missing: a path in its `sources` no longer exists;
//   links-archived: it links to pages that have been retired;
//   not-reviewed:   it has an `updated`/`reviewed` date older than the configured age.
import path from 'node:path';
import type { StalePage, StaleReason } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';
import { lastCommit, mtime } from './source-history.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../graph/page-rows.ts';

const DAY_MS = 86_400_000;

interface SourceRow {
  pageId: number;
  target: string;
  found: string | null;
  reason: string | null;
  reviewed: string | null;
  updated: string | null;
  mtime: number;
}

/** Reads only what each rule needs (the page dates through a covering index: page rows are large). */
export function findStale(db: Db, opts: { now: Date; staleAfterDays: number }): Map<number, StaleReason[]> {
  const out = new Map<number, StaleReason[]>();
  const add = (id: number, r: StaleReason) => out.set(id, [...(out.get(id) ?? []), r]);
  const changedAt = sourceTimes();

  const sources = db
    .prepare(
      `SELECT l.page_id AS pageId, l.target, l.target_external AS found, l.reason, p.reviewed, p.updated, f.mtime_ms AS mtime
       FROM links l JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id
       WHERE l.kind = 'source' AND p.archived_since IS NULL ORDER BY l.page_id, l.ord`,
    )
    .all() as SourceRow[];
  for (const s of sources) {
    if (s.reason === 'missing-page') add(s.pageId, { kind: 'source-missing', detail: `${s.target} no longer exists` });
    else if (s.found && path.isAbsolute(s.found)) {
      const when = changedAt(s.found)?.toISOString().slice(0, 10);
      const since = lastReviewed(s) ?? new Date(s.mtime).toISOString().slice(0, 10);
      if (when && when > since) add(s.pageId, { kind: 'source-changed', detail: `${s.target} changed on ${when}, after ${since}` });
    }
  }

  // from the few archived pages to the links that reach them, never the other way round
  const archivedTargets = db
    .prepare(
      `SELECT DISTINCT l.page_id AS pageId, t.key FROM pages t CROSS JOIN links l ON l.target_page_id = t.id JOIN pages s ON s.id = l.page_id
       WHERE t.archived_since IS NOT NULL AND s.archived_since IS NULL AND l.page_id != t.id ORDER BY l.page_id, t.key`,
    )
    .all() as { pageId: number; key: string }[];
  for (const a of archivedTargets) add(a.pageId, { kind: 'links-archived', detail: `links to ${a.key}, which is archived` });

  const oldest = new Date(opts.now.getTime() - opts.staleAfterDays * DAY_MS).toISOString().slice(0, 10);
  const unreviewed = db
    .prepare(
      `SELECT id, max(coalesce(reviewed, ''), coalesce(updated, '')) AS last FROM pages INDEXED BY pages_dates
       WHERE archived_since IS NULL AND last > '' AND last < ? ORDER BY id`,
    )
    .all(oldest) as { id: number; last: string }[];
  for (const p of unreviewed) add(p.id, { kind: 'not-reviewed', detail: `last updated or reviewed ${p.last}, more than ${opts.staleAfterDays} days ago` });
  return out;
}

/** Call inside a write transaction: a page keeps the date it first went stale while it stays stale. */
export function recordStale(db: Db, stale: Map<number, StaleReason[]>, now: Date): void {
  const before = new Map((db.prepare(`SELECT page_id, since FROM staleness`).all() as { page_id: number; since: string }[]).map((r) => [r.page_id, r.since]));
  db.prepare(`DELETE FROM staleness`).run();
  const insert = db.prepare(`INSERT INTO staleness (page_id, since, reasons) VALUES (?, ?, ?)`);
  for (const [id, reasons] of stale) insert.run(id, before.get(id) ?? now.toISOString(), JSON.stringify(reasons));
}

export function lastReviewed(p: { reviewed: string | null; updated: string | null }): string | null {
  const dates = [p.reviewed, p.updated].filter((d): d is string => d !== null).sort();
  return dates.at(-1) ?? null;
}

/** When a source file last changed: its last commit, read through git, where it is in a repository;
 * its mtime otherwise (or when git does not know it). Remembered for the run. */
function sourceTimes(): (file: string) => Date | null {
  const memo = new Map<string, Date | null>();
  return (file) => {
    if (!memo.has(file)) memo.set(file, lastCommit(file) ?? mtime(file));
    return memo.get(file)!;
  };
}

/** The stale pages with their reasons, longest stale first. */
export function stalePages(db: Db): StalePage[] {
  const rows = db
    .prepare(
      `SELECT ${PAGE_SUMMARY_COLUMNS}, p.owner, p.reviewed, p.updated, s.since, s.reasons ${PAGE_FROM} JOIN staleness s ON s.page_id = p.id
       ORDER BY s.since, r.path, f.rel_path`,
    )
    .all() as (PageSummaryRow & { owner: string | null; reviewed: string | null; updated: string | null; since: string; reasons: string })[];
  return rows.map((r) => ({ ...toPageSummary(r), owner: r.owner, since: r.since, lastReviewed: lastReviewed(r), reasons: JSON.parse(r.reasons) as StaleReason[] }));
}
