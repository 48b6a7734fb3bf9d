// StaleRepo over PostgreSQL: the statements of sqlite/staleness.ts, in the same order. A scope (a
// few pages) is passed as an integer array; every page otherwise.
import type { Viewer } from '../../../../shared/viewer.ts';
import type { StaleReason } from '../../../../shared/page.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../page-rows.ts';
import type { CitedSource, StaleRecord, StaleRepo, StaleScope } from '../staleness.ts';
import { DATES_INDEX_ORDER } from './page-lists.ts';
import { visibleTo } from './visibility.ts';
import type { Sql } from './sql.ts';

/** A stale page the viewer reads, archived or not. */
const staleSeenBy = (viewer: Viewer) => visibleTo(viewer, { archived: true, never: true });

/** The condition keeping a column to the scope's pages, with its parameter; none for every page. */
const within = (scope: StaleScope, column: string) => (scope ? { sql: `AND ${column} = ANY(?::int[])`, params: [scope] } : { sql: '', params: [] });

/** A page's later date of `reviewed` and `updated` ('' when it has neither): SQLite's scalar max. */
const LAST = `greatest(coalesce(p.reviewed, ''), coalesce(p.updated, ''))`;

type RecordRow = PageSummaryRow & { owner: string | null; reviewed: string | null; updated: string | null; since: string; reasons: string };

export class PgStaleness implements StaleRepo {
  constructor(private readonly sql: Sql) {}

  async citedSources(scope: StaleScope): Promise<CitedSource[]> {
    const only = within(scope, 'l.page_id');
    return this.sql.rows<CitedSource>(
      `SELECT l.page_id AS "pageId", l.target, l.target_external AS found, l.reason, p.reviewed, p.updated, f.mtime_ms AS mtime
       FROM links l JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id
       WHERE l.kind = 'source' AND p.archived_since IS NULL ${only.sql} ORDER BY l.page_id, l.ord`,
      only.params,
    );
  }

  async linksToArchived(scope: StaleScope): Promise<{ pageId: number; key: string }[]> {
    const only = within(scope, 'l.page_id');
    return this.sql.rows(
      `SELECT DISTINCT l.page_id AS "pageId", t.key
       FROM pages t JOIN links l ON l.target_page_id = t.id JOIN pages s ON s.id = l.page_id
       WHERE t.archived_since IS NOT NULL AND s.archived_since IS NULL AND l.page_id != t.id ${only.sql} ORDER BY 1, 2`,
      only.params,
    );
  }

  async reviewedBefore(oldest: string, scope: StaleScope): Promise<{ id: number; last: string }[]> {
    const only = within(scope, 'p.id');
    return this.sql.rows(
      `SELECT p.id, ${LAST} AS last FROM pages p
       WHERE p.archived_since IS NULL AND ${LAST} > '' AND ${LAST} < ? ${only.sql} ORDER BY p.id`,
      [oldest, ...only.params],
    );
  }

  async agedUnrecorded(oldest: string): Promise<number[]> {
    const rows = await this.sql.rows<{ id: number }>(
      `SELECT p.id FROM pages p
       WHERE p.archived_since IS NULL AND ((p.reviewed IS NULL AND p.updated < ?) OR (p.reviewed < ? AND coalesce(p.updated, '') < ?))
         AND NOT EXISTS (SELECT 1 FROM staleness s WHERE s.page_id = p.id AND s.reasons LIKE '%"not-reviewed"%')
       ORDER BY ${DATES_INDEX_ORDER}`,
      [oldest, oldest, oldest],
    );
    return rows.map((r) => r.id);
  }

  async record(stale: ReadonlyMap<number, StaleReason[]>, now: string, scope: StaleScope): Promise<void> {
    const only = within(scope, 'page_id');
    const where = only.sql.replace(/^AND/, 'WHERE');
    const before = new Map(
      (await this.sql.rows<{ page_id: number; since: string }>(`SELECT page_id, since FROM staleness ${where}`, only.params)).map((r) => [r.page_id, r.since]),
    );
    await this.sql.run(`DELETE FROM staleness ${where}`, only.params);
    if (stale.size === 0) return;
    const ids = [...stale.keys()];
    // a page deleted since the rules read it gets no record
    await this.sql.run(
      `INSERT INTO staleness (page_id, since, reasons)
       SELECT s.id, s.since, s.reasons FROM unnest(?::int[], ?::text[], ?::text[]) AS s(id, since, reasons) JOIN pages p ON p.id = s.id`,
      [ids, ids.map((id) => before.get(id) ?? now), ids.map((id) => JSON.stringify(stale.get(id)))],
    );
  }

  async records(viewer: Viewer): Promise<StaleRecord[]> {
    const seen = staleSeenBy(viewer);
    const rows = await this.sql.rows<RecordRow>(
      `SELECT ${PAGE_SUMMARY_COLUMNS}, p.owner, p.reviewed, p.updated, s.since, s.reasons ${PAGE_FROM} JOIN staleness s ON s.page_id = p.id
       WHERE ${seen.sql} ORDER BY s.since, r.path, f.rel_path`,
      seen.params,
    );
    return rows.map((r) => ({
      page: toPageSummary(r),
      owner: r.owner,
      reviewed: r.reviewed,
      updated: r.updated,
      since: r.since,
      reasons: JSON.parse(r.reasons) as StaleReason[],
    }));
  }

  async datesOf(pageId: number): Promise<{ reviewed: string | null; updated: string | null } | null> {
    return (await this.sql.one<{ reviewed: string | null; updated: string | null }>(`SELECT reviewed, updated FROM pages WHERE id = ?`, [pageId])) ?? null;
  }

  async sourcesOf(pageId: number): Promise<{ target: string; found: string | null; reason: string | null }[]> {
    return this.sql.rows(`SELECT target, target_external AS found, reason FROM links WHERE page_id = ? AND kind = 'source' ORDER BY ord`, [pageId]);
  }

  async roots(): Promise<{ id: number; path: string }[]> {
    return this.sql.rows(`SELECT id, path FROM roots ORDER BY path`);
  }

  async pagesAt(rootId: number, rel: string): Promise<number[]> {
    // the file, or every file under the folder: within the range from "rel" up to "rel0" ('0' follows '/'), by the (root, path) index
    const rows = await this.sql.rows<{ id: number }>(
      `SELECT p.id FROM files f JOIN pages p ON p.file_id = f.id
       WHERE f.root_id = ? AND f.rel_path >= ? AND f.rel_path < ? AND (f.rel_path = ? OR f.rel_path > ?)
       ORDER BY f.rel_path`,
      [rootId, rel, `${rel}0`, rel, `${rel}/`],
    );
    return rows.map((r) => r.id);
  }

  async pagesLinkingTo(pageIds: readonly number[]): Promise<number[]> {
    if (pageIds.length === 0) return [];
    // each page where SQLite's target index first finds it: by target, then link
    const rows = await this.sql.rows<{ id: number }>(
      `SELECT id FROM (SELECT DISTINCT ON (page_id) page_id AS id, target_page_id, links.id AS link FROM links WHERE target_page_id = ANY(?::int[]) ORDER BY page_id, target_page_id, links.id) first
       ORDER BY target_page_id, link`,
      [pageIds],
    );
    return rows.map((r) => r.id);
  }

  async foundSources(): Promise<{ pageId: number; found: string }[]> {
    return this.sql.rows(
      `SELECT page_id AS "pageId", target_external AS found FROM links WHERE kind = 'source' AND target_external IS NOT NULL ORDER BY page_id, id`,
    );
  }
}
