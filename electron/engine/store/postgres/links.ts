// LinkRepo over PostgreSQL: the same rows in the same order as sqlite/links.ts, whose shared query
// parts it runs as written. Where SQLite states no ORDER BY, the order its plan gives is written out
// (an `IN (json_each)` list is read in ascending order, each value's links by id). A page's links and
// a relink's answers go in one statement each: one round trip, not one a link.
import type { Link, LinkFinding, LinkKind, PageSummary } from '../../../../shared/page.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import type { LinkAnswer, LinkRepo, LinkStep, NewLink, OtherEdge, PageEdge, StoredLink } from '../links.ts';
import { FINDING, FINDING_ORDER, LINK_COLUMNS, LINK_FROM, READ, STORED, TO_OTHERS, TO_PAGES, toFinding, type FindingRow } from '../link-rows.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../page-rows.ts';
import type { Sql } from './sql.ts';
import { visibleTo } from './visibility.ts';

export class PgLinks implements LinkRepo {
  constructor(private readonly sql: Sql) {}

  async around(seeds: number[]): Promise<LinkStep[]> {
    // DISTINCT in SQLite keeps each pair where its first link is
    return this.sql.rows<LinkStep>(
      `SELECT seed, "to", edge FROM (
         SELECT page_id AS seed, target_page_id AS "to", 'link' AS edge, 0 AS part, min(id) AS first FROM links
         WHERE page_id = ANY(?::int[]) AND target_page_id IS NOT NULL AND target_page_id != page_id GROUP BY page_id, target_page_id
         UNION ALL
         SELECT target_page_id, page_id, 'backlink', 1, min(id) FROM links
         WHERE target_page_id = ANY(?::int[]) AND page_id != target_page_id GROUP BY target_page_id, page_id
       ) steps ORDER BY part, seed, first`,
      [seeds, seeds],
    );
  }

  async replaceForPage(pageId: number, links: readonly NewLink[]): Promise<void> {
    if (!links.length) return void (await this.sql.run(`DELETE FROM links WHERE page_id = ?`, [pageId]));
    const column = <K extends keyof NewLink>(k: K) => links.map((l) => l[k]);
    // the old links go in the same statement (one round trip a page): the insert does not see them either way
    await this.sql.run(
      `WITH gone AS (DELETE FROM links WHERE page_id = ?)
       INSERT INTO links (page_id, ord, line, kind, target, anchor, label, target_key, col)
       SELECT ?, n - 1, line, kind, target, anchor, label, target_key, col
       FROM unnest(?::int[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::int[]) WITH ORDINALITY AS l(line, kind, target, anchor, label, target_key, col, n)
       ORDER BY n`,
      [pageId, pageId, column('line'), column('kind'), column('target'), column('anchor'), column('label'), column('targetKey'), column('column')],
    );
  }

  async dangling(reasons: readonly ('missing-page' | 'missing-anchor')[], viewer: Viewer): Promise<LinkFinding[]> {
    const seen = visibleTo(viewer, READ);
    const rows = await this.sql.rows<FindingRow>(`${FINDING} WHERE l.reason = ANY(?::text[]) AND ${seen.sql} ${FINDING_ORDER}`, [reasons, ...seen.params]);
    return rows.map(toFinding);
  }

  async findings(ids: readonly number[], limit: number): Promise<LinkFinding[]> {
    return (await this.sql.rows<FindingRow>(`${FINDING} WHERE l.id = ANY(?::int[]) ${FINDING_ORDER} LIMIT ?`, [ids, limit])).map(toFinding);
  }

  async orphans(viewer: Viewer): Promise<PageSummary[]> {
    const seen = visibleTo(viewer, READ);
    const rows = await this.sql.rows<PageSummaryRow>(
      `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
       WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.target_page_id = p.id AND l.page_id != p.id) AND ${seen.sql}
       ORDER BY r.path, f.rel_path`,
      seen.params,
    );
    return rows.map(toPageSummary);
  }

  async outOf(pageId: number): Promise<Link[]> {
    return this.sql.rows<Link>(`SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.page_id = ? ORDER BY l.ord`, [pageId]);
  }

  async backlinksOf(pageId: number, viewer: Viewer): Promise<Link[]> {
    const seen = visibleTo(viewer, { ...READ, alias: 'sp' });
    // SQLite's sort keeps ties (links on one line) in the order it read them: by id
    return this.sql.rows<Link>(
      `SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.target_page_id = ? AND l.page_id != ? AND ${seen.sql} ORDER BY sf.rel_path, l.line, l.id`,
      [pageId, pageId, ...seen.params],
    );
  }

  async edges(pageIds: readonly number[] | null): Promise<{ toPages: PageEdge[]; toOthers: OtherEdge[] }> {
    const of = pageIds ? ` AND page_id = ANY(?::int[])` : '';
    const params = pageIds ? [pageIds] : [];
    const toPages = await this.sql.rows<{ page_id: number; kind: LinkKind; target_page_id: number; line: number }>(
      `${TO_PAGES}${of} ORDER BY ${pageIds ? 'page_id, id' : 'id'}`,
      params,
    );
    const toOthers = await this.sql.rows<{
      page_id: number;
      kind: LinkKind;
      target_file_id: number | null;
      target_external: string | null;
      target: string;
      line: number;
    }>(`${TO_OTHERS}${of} ORDER BY id`, params);
    return {
      toPages: toPages.map((r): PageEdge => [r.page_id, r.kind, r.target_page_id, r.line]),
      toOthers: toOthers.map((r): OtherEdge => [r.page_id, r.kind, r.target_file_id, r.target_external, r.target, r.line]),
    };
  }

  async neighbours(pageIds: readonly number[]): Promise<number[]> {
    return this.ids(
      `SELECT target_page_id AS id FROM links WHERE page_id = ANY(?::int[]) AND target_page_id IS NOT NULL
       UNION SELECT page_id FROM links WHERE target_page_id = ANY(?::int[])
       ORDER BY 1`,
      [pageIds, pageIds],
    );
  }

  async pagesLinkedFrom(pageId: number): Promise<number[]> {
    return this.ids(
      `SELECT target_page_id AS id FROM links WHERE page_id = ? AND target_page_id IS NOT NULL AND target_page_id != page_id GROUP BY target_page_id ORDER BY min(ord)`,
      [pageId],
    );
  }

  async pagesLinkingTo(pageId: number): Promise<number[]> {
    return this.ids(`SELECT DISTINCT page_id AS id FROM links WHERE target_page_id = ? AND page_id != target_page_id ORDER BY page_id`, [pageId]);
  }

  async all(): Promise<StoredLink[]> {
    return this.sql.rows<StoredLink>(`SELECT ${STORED} FROM links ORDER BY id`);
  }

  async affectedBy(pageIds: readonly number[], keys: readonly string[]): Promise<StoredLink[]> {
    // SQLite's UNION merges sorted rows: they come out by id
    return this.sql.rows<StoredLink>(
      `SELECT ${STORED} FROM links WHERE page_id = ANY(?::int[])
       UNION SELECT ${STORED} FROM links WHERE target_key = ANY(?::text[])
       UNION SELECT ${STORED} FROM links WHERE kind = 'source'
       ORDER BY id`,
      [pageIds, keys],
    );
  }

  async writtenOn(pageId: number, line: number, target: string, kind: LinkKind | null): Promise<{ kind: LinkKind; target: string; column: number | null }[]> {
    return this.sql.rows(
      `SELECT kind, target, col AS "column" FROM links WHERE page_id = ? AND line = ? AND target = ? AND (?::text IS NULL OR kind = ?) ORDER BY ord`,
      [pageId, line, target, kind, kind],
    );
  }

  async answer(changes: readonly LinkAnswer[]): Promise<void> {
    const answers = lastAnswers(changes);
    if (!answers.length) return;
    const column = <K extends keyof LinkAnswer>(k: K) => answers.map((a) => a[k] ?? null);
    // a null key leaves the link's key as it is (a key is never null)
    await this.sql.run(
      `UPDATE links SET target_page_id = c.page, target_file_id = c.file, target_external = c.external, reason = c.reason, target_key = coalesce(c.key, links.target_key)
       FROM unnest(?::int[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[]) AS c(id, page, file, external, reason, key)
       WHERE links.id = c.id`,
      [column('id'), column('targetPageId'), column('targetFileId'), column('external'), column('reason'), column('targetKey')],
    );
  }

  /** The pages a statement names in its column `id`. */
  private async ids(text: string, params: unknown[]): Promise<number[]> {
    return (await this.sql.rows<{ id: number }>(text, params)).map((r) => r.id);
  }
}

/** One answer a link, as writing them one after another leaves it: the last answer, with the last key given. */
function lastAnswers(changes: readonly LinkAnswer[]): LinkAnswer[] {
  const byId = new Map<number, LinkAnswer>();
  for (const c of changes) {
    const key = c.targetKey ?? byId.get(c.id)?.targetKey;
    byId.set(c.id, key === undefined ? c : { ...c, targetKey: key });
  }
  return [...byId.values()];
}
