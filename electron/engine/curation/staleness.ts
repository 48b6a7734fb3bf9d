// Which pages may no longer be true, and why, recomputed after every indexing run from what the
// index and the disk say: for every page after a full run, for the pages a change can have
// affected after a run of a few paths (stale-scope.ts). Kept in the index only: a page's file
// changes only by a person's action.
//   source-changed: a file in its `sources` changed after the page was last updated or reviewed
//                   (the file's last commit date where it is inside a git repository, else its mtime);
//   source-missing: a path in its `sources` no longer exists;
//   links-archived: it links to pages that have been retired;
//   not-reviewed:   it has an `updated`/`reviewed` date older than the configured age.
import path from 'node:path';
import type { StalePage, StaleReason } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';
import { forgetRepositories, SourceDates } from './source-history.ts';
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

/** Only these pages, or all of them (null). */
export type StaleScope = readonly number[] | null;

/** Reads only what each rule needs (the page dates through a covering index: page rows are large).
 * Every row is read first; then the sources' dates are awaited (git runs beside the event loop). */
export async function findStale(db: Db, opts: { now: Date; staleAfterDays: number; scope?: StaleScope }): Promise<Map<number, StaleReason[]>> {
  const scope = opts.scope ?? null;
  // a full run asks again which folders are repositories; a write trusts what the last one found
  if (!scope) forgetRepositories();
  const ids = { ids: JSON.stringify(scope ?? []) };
  // in scope, each query starts from the pages named (a few), never from a whole table
  const scoped = (table: string, column: string) => (scope ? `json_each(@ids) j CROSS JOIN ${table} ON ${column} = j.value` : table);
  const out = new Map<number, StaleReason[]>();
  const add = (id: number, r: StaleReason) => out.set(id, [...(out.get(id) ?? []), r]);

  const sources = db
    .prepare(
      `SELECT l.page_id AS pageId, l.target, l.target_external AS found, l.reason, p.reviewed, p.updated, f.mtime_ms AS mtime
       FROM ${scoped('links l', 'l.page_id')} JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id
       WHERE l.kind = 'source' AND p.archived_since IS NULL ORDER BY l.page_id, l.ord`,
    )
    .all(ids) as SourceRow[];
  // from the few archived pages to the links that reach them, never the other way round (but for the pages in scope)
  const archivedTargets = db
    .prepare(
      `SELECT DISTINCT l.page_id AS pageId, t.key
       FROM ${scope ? `${scoped('links l', 'l.page_id')} JOIN pages t ON t.id = l.target_page_id` : 'pages t CROSS JOIN links l ON l.target_page_id = t.id'} JOIN pages s ON s.id = l.page_id
       WHERE t.archived_since IS NOT NULL AND s.archived_since IS NULL AND l.page_id != t.id ORDER BY l.page_id, t.key`,
    )
    .all(ids) as { pageId: number; key: string }[];
  const oldest = new Date(opts.now.getTime() - opts.staleAfterDays * DAY_MS).toISOString().slice(0, 10);
  const unreviewed = db
    .prepare(
      `SELECT pages.id AS id, max(coalesce(reviewed, ''), coalesce(updated, '')) AS last FROM ${scoped('pages', 'pages.id')} ${scope ? '' : 'INDEXED BY pages_dates'}
       WHERE archived_since IS NULL AND last > '' AND last < @oldest ORDER BY pages.id`,
    )
    .all({ ...ids, oldest }) as { id: number; last: string }[];

  const changedAt = await sourceTimes(sources);
  for (const s of sources) {
    if (s.reason === 'missing-page') add(s.pageId, { kind: 'source-missing', detail: `${s.target} no longer exists` });
    else if (s.found && path.isAbsolute(s.found)) {
      const when = changedAt.get(s.found)?.toISOString().slice(0, 10);
      const since = lastReviewed(s) ?? new Date(s.mtime).toISOString().slice(0, 10);
      if (when && when > since) add(s.pageId, { kind: 'source-changed', detail: `${s.target} changed on ${when}, after ${since}` });
    }
  }
  for (const a of archivedTargets) add(a.pageId, { kind: 'links-archived', detail: `links to ${a.key}, which is archived` });
  for (const p of unreviewed) add(p.id, { kind: 'not-reviewed', detail: `last updated or reviewed ${p.last}, more than ${opts.staleAfterDays} days ago` });
  return out;
}

/** Pages the age rule reaches now whose row does not say so: time, not a write, made them stale, so a
 * run of a few paths takes them in too (a server that only sees writes would otherwise never age a page). */
export function agedUnrecorded(db: Db, now: Date, staleAfterDays: number): number[] {
  const oldest = new Date(now.getTime() - staleAfterDays * DAY_MS).toISOString().slice(0, 10);
  // the rule's max(reviewed, updated) < oldest, spelled so the dates index answers it
  return db
    .prepare(
      `SELECT id FROM pages INDEXED BY pages_dates
       WHERE archived_since IS NULL AND ((reviewed IS NULL AND updated < @oldest) OR (reviewed < @oldest AND coalesce(updated, '') < @oldest))
         AND NOT EXISTS (SELECT 1 FROM staleness s WHERE s.page_id = pages.id AND s.reasons LIKE '%"not-reviewed"%')`,
    )
    .pluck()
    .all({ oldest }) as number[];
}

/** Call inside a write transaction: a page keeps the date it first went stale while it stays stale.
 * Only the pages in scope are rewritten; a page deleted since it was read gets no row. */
export function recordStale(db: Db, stale: Map<number, StaleReason[]>, now: Date, scope: StaleScope = null): void {
  const ids = { ids: JSON.stringify(scope ?? []) };
  const where = scope ? `WHERE page_id IN (SELECT value FROM json_each(@ids))` : '';
  const before = new Map((db.prepare(`SELECT page_id, since FROM staleness ${where}`).all(ids) as { page_id: number; since: string }[]).map((r) => [r.page_id, r.since]));
  db.prepare(`DELETE FROM staleness ${where}`).run(ids);
  const insert = db.prepare(`INSERT INTO staleness (page_id, since, reasons) SELECT @id, @since, @reasons WHERE EXISTS (SELECT 1 FROM pages WHERE id = @id)`);
  for (const [id, reasons] of stale) insert.run({ id, since: before.get(id) ?? now.toISOString(), reasons: JSON.stringify(reasons) });
}

export function lastReviewed(p: { reviewed: string | null; updated: string | null }): string | null {
  const dates = [p.reviewed, p.updated].filter((d): d is string => d !== null).sort();
  return dates.at(-1) ?? null;
}

/** When each source file last changed: its last commit, read through git, where it is in a repository;
 * its mtime otherwise (or when git does not know it). */
async function sourceTimes(rows: SourceRow[]): Promise<Map<string, Date | null>> {
  const files = [...new Set(rows.filter((s) => s.reason !== 'missing-page' && s.found && path.isAbsolute(s.found)).map((s) => s.found!))];
  const dates = new SourceDates();
  return new Map(await Promise.all(files.map(async (f) => [f, await dates.changedAt(f)] as const)));
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
