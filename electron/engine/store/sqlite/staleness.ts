// StaleRepo over the SQLite index: fixed statements are prepared once per connection; those whose
// text depends on the scope (all pages, or a few) once per shape.
import type { Viewer } from '../../../../shared/viewer.ts';
import { visibleTo } from '../visibility.ts';
import type { StaleReason } from '../../../../shared/page.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../page-rows.ts';
import type { Db } from './database.ts';
import type { CitedSource, StaleRecord, StaleRepo, StaleScope } from '../staleness.ts';
import { statementsOf } from './statements.ts';

// in scope, each query starts from the pages named (a few), never from a whole table

/** A stale page the viewer reads, archived or not. */
const staleSeenBy = (viewer: Viewer) => visibleTo(viewer, { archived: true, never: true });
const scoped = (scope: boolean, table: string, column: string) => (scope ? `json_each(@ids) j CROSS JOIN ${table} ON ${column} = j.value` : table);

const byScope = (db: Db, scope: boolean) => ({
  citedSources: db.prepare(
    `SELECT l.page_id AS pageId, l.target, l.target_external AS found, l.reason, p.reviewed, p.updated, f.mtime_ms AS mtime
     FROM ${scoped(scope, 'links l', 'l.page_id')} JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id
     WHERE l.kind = 'source' AND p.archived_since IS NULL ORDER BY l.page_id, l.ord`,
  ),
  // from the few archived pages to the links that reach them, never the other way round (but for the pages in scope)
  linksToArchived: db.prepare(
    `SELECT DISTINCT l.page_id AS pageId, t.key
     FROM ${scope ? `${scoped(scope, 'links l', 'l.page_id')} JOIN pages t ON t.id = l.target_page_id` : 'pages t CROSS JOIN links l ON l.target_page_id = t.id'} JOIN pages s ON s.id = l.page_id
     WHERE t.archived_since IS NOT NULL AND s.archived_since IS NULL AND l.page_id != t.id ORDER BY l.page_id, t.key`,
  ),
  // page rows are large: the dates are read through a covering index
  reviewedBefore: db.prepare(
    `SELECT pages.id AS id, max(coalesce(reviewed, ''), coalesce(updated, '')) AS last FROM ${scoped(scope, 'pages', 'pages.id')} ${scope ? '' : 'INDEXED BY pages_dates'}
     WHERE archived_since IS NULL AND last > '' AND last < @oldest ORDER BY pages.id`,
  ),
  recorded: db.prepare(`SELECT page_id, since FROM staleness ${scope ? `WHERE page_id IN (SELECT value FROM json_each(@ids))` : ''}`),
  forget: db.prepare(`DELETE FROM staleness ${scope ? `WHERE page_id IN (SELECT value FROM json_each(@ids))` : ''}`),
});
const inScope = (db: Db) => byScope(db, true);
const everyPage = (db: Db) => byScope(db, false);

const statements = (db: Db) => ({
  // the rule's max(reviewed, updated) < oldest, spelled so the dates index answers it
  agedUnrecorded: db.prepare(
    `SELECT id FROM pages INDEXED BY pages_dates
     WHERE archived_since IS NULL AND ((reviewed IS NULL AND updated < @oldest) OR (reviewed < @oldest AND coalesce(updated, '') < @oldest))
       AND NOT EXISTS (SELECT 1 FROM staleness s WHERE s.page_id = pages.id AND s.reasons LIKE '%"not-reviewed"%')`,
  ),
  insert: db.prepare(`INSERT INTO staleness (page_id, since, reasons) SELECT @id, @since, @reasons WHERE EXISTS (SELECT 1 FROM pages WHERE id = @id)`),
  // the rule's text is one for every agent (its name is a parameter), another for a person
  records: db.prepare(
    `SELECT ${PAGE_SUMMARY_COLUMNS}, p.owner, p.reviewed, p.updated, s.since, s.reasons ${PAGE_FROM} JOIN staleness s ON s.page_id = p.id
     WHERE ${staleSeenBy({ agent: null }).sql} ORDER BY s.since, r.path, f.rel_path`,
  ),
  recordsOfAgent: db.prepare(
    `SELECT ${PAGE_SUMMARY_COLUMNS}, p.owner, p.reviewed, p.updated, s.since, s.reasons ${PAGE_FROM} JOIN staleness s ON s.page_id = p.id
     WHERE ${staleSeenBy({ agent: 'an agent' }).sql} ORDER BY s.since, r.path, f.rel_path`,
  ),
  datesOf: db.prepare(`SELECT reviewed, updated FROM pages WHERE id = ?`),
  sourcesOf: db.prepare(`SELECT target, target_external AS found, reason FROM links WHERE page_id = ? AND kind = 'source' ORDER BY ord`),
  roots: db.prepare(`SELECT id, path FROM roots`),
  // the file, or every file under the folder: within the range from "rel" up to "rel0" ('0' follows '/'), by the (root, path) index
  pagesAt: db.prepare(
    `SELECT p.id FROM files f JOIN pages p ON p.file_id = f.id
     WHERE f.root_id = @root AND f.rel_path >= @rel AND f.rel_path < @rel || '0' AND (f.rel_path = @rel OR f.rel_path > @rel || '/')`,
  ),
  pagesLinkingTo: db.prepare(`SELECT DISTINCT page_id AS id FROM links WHERE target_page_id IN (SELECT value FROM json_each(?))`),
  foundSources: db.prepare(`SELECT page_id AS pageId, target_external AS found FROM links WHERE kind = 'source' AND target_external IS NOT NULL`),
});

type RecordRow = PageSummaryRow & { owner: string | null; reviewed: string | null; updated: string | null; since: string; reasons: string };

export class SqliteStaleness implements StaleRepo {
  constructor(private readonly db: Db) {}

  private get sql() {
    return statementsOf(this.db, statements);
  }

  private of(scope: StaleScope) {
    return { sql: statementsOf(this.db, scope ? inScope : everyPage), ids: { ids: JSON.stringify(scope ?? []) } };
  }

  async citedSources(scope: StaleScope): Promise<CitedSource[]> {
    const { sql, ids } = this.of(scope);
    return sql.citedSources.all(ids) as CitedSource[];
  }

  async linksToArchived(scope: StaleScope): Promise<{ pageId: number; key: string }[]> {
    const { sql, ids } = this.of(scope);
    return sql.linksToArchived.all(ids) as { pageId: number; key: string }[];
  }

  async reviewedBefore(oldest: string, scope: StaleScope): Promise<{ id: number; last: string }[]> {
    const { sql, ids } = this.of(scope);
    return sql.reviewedBefore.all({ ...ids, oldest }) as { id: number; last: string }[];
  }

  async agedUnrecorded(oldest: string): Promise<number[]> {
    return (this.sql.agedUnrecorded.all({ oldest }) as { id: number }[]).map((r) => r.id);
  }

  async record(stale: ReadonlyMap<number, StaleReason[]>, now: string, scope: StaleScope): Promise<void> {
    const { sql, ids } = this.of(scope);
    const before = new Map((sql.recorded.all(ids) as { page_id: number; since: string }[]).map((r) => [r.page_id, r.since]));
    sql.forget.run(ids);
    for (const [id, reasons] of stale) this.sql.insert.run({ id, since: before.get(id) ?? now, reasons: JSON.stringify(reasons) });
  }

  async records(viewer: Viewer): Promise<StaleRecord[]> {
    const rows = viewer.agent === null ? this.sql.records.all() : this.sql.recordsOfAgent.all(...staleSeenBy(viewer).params);
    return (rows as RecordRow[]).map((r) => ({
      page: toPageSummary(r),
      owner: r.owner,
      reviewed: r.reviewed,
      updated: r.updated,
      since: r.since,
      reasons: JSON.parse(r.reasons) as StaleReason[],
    }));
  }

  async datesOf(pageId: number): Promise<{ reviewed: string | null; updated: string | null } | null> {
    return (this.sql.datesOf.get(pageId) as { reviewed: string | null; updated: string | null } | undefined) ?? null;
  }

  async sourcesOf(pageId: number): Promise<{ target: string; found: string | null; reason: string | null }[]> {
    return this.sql.sourcesOf.all(pageId) as { target: string; found: string | null; reason: string | null }[];
  }

  async roots(): Promise<{ id: number; path: string }[]> {
    return this.sql.roots.all() as { id: number; path: string }[];
  }

  async pagesAt(rootId: number, rel: string): Promise<number[]> {
    return (this.sql.pagesAt.all({ root: rootId, rel }) as { id: number }[]).map((r) => r.id);
  }

  async pagesLinkingTo(pageIds: readonly number[]): Promise<number[]> {
    return (this.sql.pagesLinkingTo.all(JSON.stringify(pageIds)) as { id: number }[]).map((r) => r.id);
  }

  async foundSources(): Promise<{ pageId: number; found: string }[]> {
    return this.sql.foundSources.all() as { pageId: number; found: string }[];
  }
}
