// StaleRepo written once: what the staleness rules read (curation/staleness.ts) and the records
// they leave. A scope (a few pages) is one list parameter (Dialect.oneOf); every page otherwise.
// Lists come in an order written out, the same on both databases.
import path from 'node:path';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { StaleReason } from '../../../../shared/page.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../page-rows.ts';
import type { CitedSource, StaleRecord, StaleRepo, StaleScope } from '../staleness.ts';
import { visibleTo } from '../visibility.ts';
import { condition, type Query } from './query.ts';
import { meetingPaths, rowsAtOrUnder } from './paths-under.ts';

type RecordRow = PageSummaryRow & { owner: string | null; reviewed: string | null; updated: string | null; since: string; reasons: string };

/** A page's later date of `reviewed` and `updated` ('' when it has neither). */
const LAST = sql<string>`CASE WHEN coalesce(p.reviewed, '') > coalesce(p.updated, '') THEN coalesce(p.reviewed, '') ELSE coalesce(p.updated, '') END`;

/** Rows per multi-row insert: three parameters each, well under both databases' limits. */
const BATCH = 1000;

export class Staleness implements StaleRepo {
  constructor(private readonly q: Query) {}

  /** `ref` is a page of the scope; true for every page. */
  private within(ref: string, scope: StaleScope): Expression<SqlBool> {
    return scope ? this.q.dialect.oneOf(sql.ref(ref), scope) : sql<SqlBool>`1 = 1`;
  }

  async citedSources(scope: StaleScope): Promise<CitedSource[]> {
    return this.q.db
      .selectFrom('links as l')
      .innerJoin('pages as p', 'p.id', 'l.page_id')
      .innerJoin('files as f', 'f.id', 'p.file_id')
      .select(['l.page_id as pageId', 'l.target', 'l.target_external as found', 'l.reason', 'p.reviewed', 'p.updated', 'f.mtime_ms as mtime'])
      .where(this.within('l.page_id', scope))
      .where('l.kind', '=', 'source')
      .where('p.archived_since', 'is', null)
      .orderBy('l.page_id')
      .orderBy('l.ord')
      .execute();
  }

  async linksToArchived(scope: StaleScope): Promise<{ pageId: number; key: string }[]> {
    return this.q.db
      .selectFrom('links as l')
      .innerJoin('pages as t', 't.id', 'l.target_page_id')
      .innerJoin('pages as s', 's.id', 'l.page_id')
      .select(['l.page_id as pageId', 't.key'])
      .distinct()
      .where(this.within('l.page_id', scope))
      .where('t.archived_since', 'is not', null)
      .where('s.archived_since', 'is', null)
      .whereRef('l.page_id', '!=', 't.id')
      .orderBy('l.page_id')
      .orderBy('t.key')
      .execute();
  }

  /** Reads only the columns of the dates index (SQLite's pages_dates): page rows are large. */
  async reviewedBefore(oldest: string, scope: StaleScope): Promise<{ id: number; last: string }[]> {
    return this.q.db
      .selectFrom('pages as p')
      .select(['p.id', LAST.as('last')])
      .where(this.within('p.id', scope))
      .where('p.archived_since', 'is', null)
      .where(LAST, '>', '')
      .where(LAST, '<', oldest)
      .orderBy('p.id')
      .execute();
  }

  async agedUnrecorded(oldest: string): Promise<number[]> {
    // the rule's max(reviewed, updated) < oldest, spelled so the dates index answers it, in its order
    const rows = await this.q.db
      .selectFrom('pages as p')
      .select('p.id')
      .where('p.archived_since', 'is', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('p.reviewed', 'is', null), eb('p.updated', '<', oldest)]),
          eb.and([eb('p.reviewed', '<', oldest), eb(eb.fn.coalesce('p.updated', sql.lit('')), '<', oldest)]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('staleness as s').select(sql.lit(1).as('one')).whereRef('s.page_id', '=', 'p.id').where('s.reasons', 'like', '%"not-reviewed"%')),
        ),
      )
      .orderBy(sql`p.reviewed NULLS FIRST`)
      .orderBy(sql`p.updated NULLS FIRST`)
      .orderBy('p.id')
      .execute();
    return rows.map((r) => r.id);
  }

  async record(stale: ReadonlyMap<number, StaleReason[]>, now: string, scope: StaleScope): Promise<void> {
    const recorded = await this.q.db.selectFrom('staleness').select(['page_id', 'since']).where(this.within('page_id', scope)).execute();
    const since = new Map(recorded.map((r) => [r.page_id, r.since]));
    await this.q.db.deleteFrom('staleness').where(this.within('page_id', scope)).execute();
    if (stale.size === 0) return;
    // a page deleted since the rules read it gets no record
    const pages = await this.q.db
      .selectFrom('pages')
      .select('id')
      .where(this.within('id', [...stale.keys()]))
      .execute();
    const rows = pages.map(({ id }) => ({ page_id: id, since: since.get(id) ?? now, reasons: JSON.stringify(stale.get(id)) }));
    for (let i = 0; i < rows.length; i += BATCH)
      await this.q.db
        .insertInto('staleness')
        .values(rows.slice(i, i + BATCH))
        .execute();
  }

  async records(viewer: Viewer): Promise<StaleRecord[]> {
    const seen = visibleTo(viewer, { archived: true, never: true });
    const { rows } = await sql<RecordRow>`SELECT ${sql.raw(PAGE_SUMMARY_COLUMNS)}, p.owner, p.reviewed, p.updated, s.since, s.reasons
      ${sql.raw(PAGE_FROM)} JOIN staleness s ON s.page_id = p.id WHERE ${condition(seen)} ORDER BY s.since, r.path, f.rel_path`.execute(this.q.db);
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
    return (await this.q.db.selectFrom('pages').select(['reviewed', 'updated']).where('id', '=', pageId).executeTakeFirst()) ?? null;
  }

  async sourcesOf(pageId: number): Promise<{ target: string; found: string | null; reason: string | null }[]> {
    return this.q.db
      .selectFrom('links')
      .select(['target', 'target_external as found', 'reason'])
      .where('page_id', '=', pageId)
      .where('kind', '=', 'source')
      .orderBy('ord')
      .execute();
  }

  async roots(): Promise<{ id: number; path: string }[]> {
    return this.q.db.selectFrom('roots').select(['id', 'path']).orderBy('path').execute();
  }

  async pagesAt(rootId: number, rels: readonly string[]): Promise<number[]> {
    const pages = this.q.db
      .selectFrom('files as f')
      .innerJoin('pages as p', 'p.file_id', 'f.id')
      .select(['p.id', 'f.rel_path'])
      .where('f.root_id', '=', rootId);
    return (await rowsAtOrUnder(rels, 'f.rel_path', (at) => pages.where(at), 'rel_path')).map((r) => r.id);
  }

  async pagesLinkingTo(pageIds: readonly number[]): Promise<number[]> {
    if (pageIds.length === 0) return [];
    const rows = await this.q.db
      .selectFrom('links')
      .select('page_id')
      .distinct()
      .where(this.q.dialect.oneOf(sql.ref('target_page_id'), pageIds))
      .orderBy('page_id')
      .execute();
    return rows.map((r) => r.page_id);
  }

  async sourcesMeeting(paths: readonly string[]): Promise<{ pageId: number; found: string }[]> {
    let rows = this.q.db
      .selectFrom('links')
      .select(['page_id as pageId', 'target_external as found'])
      .where('kind', '=', 'source')
      .where('target_external', 'is not', null);
    const meeting = meetingPaths('target_external', paths, path.sep, this.q.dialect);
    if (meeting) rows = rows.where(meeting);
    return (await rows.orderBy('page_id').orderBy('id').execute()).map((r) => ({ pageId: r.pageId, found: r.found! }));
  }
}
