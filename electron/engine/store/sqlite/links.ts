// LinkRepo over the SQLite index: its statements are prepared once per connection.
import type { Statement } from 'better-sqlite3';
import type { Link, LinkFinding, LinkKind, PageSummary } from '../../../../shared/page.ts';
import type { Db } from './database.ts';
import type { LinkAnswer, LinkRepo, LinkStep, NewLink, OtherEdge, PageEdge, StoredLink } from '../links.ts';
import { lazyStatements } from './lazy-statements.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from '../page-rows.ts';
import type { Viewer } from '../../../../shared/viewer.ts';
import { preparedFor } from './visibility.ts';
import { FINDING, FINDING_ORDER, LINK_COLUMNS, LINK_FROM, READ, STORED, TO_OTHERS, TO_PAGES, toFinding, type FindingRow } from '../link-rows.ts';

const OF_PAGES = ` AND page_id IN (SELECT value FROM json_each(?))`;

export class SqliteLinks implements LinkRepo {
  private readonly writes: ReturnType<typeof linkWrites>;
  private fixed?: { out: Statement; back: Statement };
  private prepared: ReturnType<typeof statements> | null = null;

  constructor(private readonly db: Db) {
    this.writes = linkWrites(db);
  }

  private get statements() {
    return (this.fixed ??= {
      out: this.db.prepare(
        `SELECT DISTINCT page_id AS seed, target_page_id AS "to" FROM links WHERE page_id IN (SELECT value FROM json_each(?)) AND target_page_id IS NOT NULL AND target_page_id != page_id`,
      ),
      back: this.db.prepare(
        `SELECT DISTINCT target_page_id AS seed, page_id AS "to" FROM links WHERE target_page_id IN (SELECT value FROM json_each(?)) AND page_id != target_page_id`,
      ),
    });
  }

  async around(seeds: number[]): Promise<LinkStep[]> {
    const ids = JSON.stringify(seeds);
    const out = this.statements.out.all(ids) as { seed: number; to: number }[];
    const back = this.statements.back.all(ids) as { seed: number; to: number }[];
    return [...out.map((e) => ({ ...e, edge: 'link' as const })), ...back.map((e) => ({ ...e, edge: 'backlink' as const }))];
  }

  async replaceForPage(pageId: number, links: readonly NewLink[]): Promise<void> {
    this.writes.deleteOfPage.run(pageId);
    links.forEach((l, i) => this.writes.insert.run(pageId, i, l.line, l.kind, l.target, l.anchor, l.label, l.targetKey, l.column));
  }

  /** Relinking runs at every write, the page view at every read: prepared once (statements.ts says why). */
  private get stmts() {
    return (this.prepared ??= statements(this.db));
  }

  async dangling(reasons: readonly ('missing-page' | 'missing-anchor')[], viewer: Viewer): Promise<LinkFinding[]> {
    const { statement, params } = this.stmts.dangling(viewer);
    return (statement.all(JSON.stringify(reasons), ...params) as FindingRow[]).map(toFinding);
  }

  async findings(ids: readonly number[], limit: number): Promise<LinkFinding[]> {
    return (this.stmts.findings.all(JSON.stringify(ids), limit) as FindingRow[]).map(toFinding);
  }

  async orphans(viewer: Viewer): Promise<PageSummary[]> {
    const { statement, params } = this.stmts.orphans(viewer);
    return (statement.all(...params) as PageSummaryRow[]).map(toPageSummary);
  }

  async outOf(pageId: number): Promise<Link[]> {
    return this.stmts.outOf.all(pageId) as Link[];
  }

  async backlinksOf(pageId: number, viewer: Viewer): Promise<Link[]> {
    const { statement, params } = this.stmts.backlinksOf(viewer);
    return statement.all(pageId, pageId, ...params) as Link[];
  }

  async edges(pageIds: readonly number[] | null): Promise<{ toPages: PageEdge[]; toOthers: OtherEdge[] }> {
    // every page's links are read faster without naming 10,000 pages
    const read = (sql: string) =>
      (pageIds
        ? this.db
            .prepare(sql + OF_PAGES)
            .raw()
            .all(JSON.stringify(pageIds))
        : this.db.prepare(sql).raw().all()) as unknown[];
    return { toPages: read(TO_PAGES) as PageEdge[], toOthers: read(TO_OTHERS) as OtherEdge[] };
  }

  async neighbours(pageIds: readonly number[]): Promise<number[]> {
    return this.stmts.neighbours.all({ ids: JSON.stringify(pageIds) }) as number[];
  }

  async pagesLinkedFrom(pageId: number): Promise<number[]> {
    return this.stmts.linkedFrom.all(pageId) as number[];
  }

  async pagesLinkingTo(pageId: number): Promise<number[]> {
    return this.stmts.linkingTo.all(pageId) as number[];
  }

  async all(): Promise<StoredLink[]> {
    return this.stmts.all.all() as StoredLink[];
  }

  async affectedBy(pageIds: readonly number[], keys: readonly string[]): Promise<StoredLink[]> {
    return this.stmts.affectedBy.all({ pages: JSON.stringify(pageIds), keys: JSON.stringify(keys) }) as StoredLink[];
  }

  async writtenOn(pageId: number, line: number, target: string, kind: LinkKind | null): Promise<{ kind: LinkKind; target: string; column: number | null }[]> {
    return this.stmts.writtenOn.all(pageId, line, target, kind, kind) as { kind: LinkKind; target: string; column: number | null }[];
  }

  async answer(changes: readonly LinkAnswer[]): Promise<void> {
    const { answer, answerAndKey } = this.stmts;
    for (const c of changes) {
      if (c.targetKey === undefined) answer.run(c.targetPageId, c.targetFileId, c.external, c.reason, c.id);
      else answerAndKey.run(c.targetPageId, c.targetFileId, c.external, c.reason, c.targetKey, c.id);
    }
  }
}

/** What indexing runs write. */
function linkWrites(db: Db) {
  return lazyStatements(db, {
    deleteOfPage: `DELETE FROM links WHERE page_id = ?`,
    insert: `INSERT INTO links (page_id, ord, line, kind, target, anchor, label, target_key, col) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  });
}

function statements(db: Db) {
  return {
    dangling: preparedFor(db, READ, (seen) => `${FINDING} WHERE l.reason IN (SELECT value FROM json_each(?)) AND ${seen} ${FINDING_ORDER}`),
    findings: db.prepare(`${FINDING} WHERE l.id IN (SELECT value FROM json_each(?)) ${FINDING_ORDER} LIMIT ?`),
    orphans: preparedFor(
      db,
      READ,
      (seen) => `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
       WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.target_page_id = p.id AND l.page_id != p.id) AND ${seen}
       ORDER BY r.path, f.rel_path`,
    ),
    writtenOn: db.prepare(
      `SELECT kind, target, col AS "column" FROM links WHERE page_id = ? AND line = ? AND target = ? AND (? IS NULL OR kind = ?) ORDER BY ord`,
    ),
    outOf: db.prepare(`SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.page_id = ? ORDER BY l.ord`),
    // only from pages the viewer reads
    backlinksOf: preparedFor(
      db,
      { ...READ, alias: 'sp' },
      (seen) => `SELECT ${LINK_COLUMNS} ${LINK_FROM} WHERE l.target_page_id = ? AND l.page_id != ? AND ${seen} ORDER BY sf.rel_path, l.line`,
    ),
    neighbours: db
      .prepare(
        `SELECT target_page_id FROM links WHERE page_id IN (SELECT value FROM json_each(@ids)) AND target_page_id IS NOT NULL
         UNION SELECT page_id FROM links WHERE target_page_id IN (SELECT value FROM json_each(@ids))
         ORDER BY 1`,
      )
      .pluck(),
    linkedFrom: db
      .prepare(
        `SELECT target_page_id FROM links WHERE page_id = ? AND target_page_id IS NOT NULL AND target_page_id != page_id GROUP BY target_page_id ORDER BY min(ord)`,
      )
      .pluck(),
    linkingTo: db.prepare(`SELECT DISTINCT page_id FROM links WHERE target_page_id = ? AND page_id != target_page_id ORDER BY page_id`).pluck(),
    all: db.prepare(`SELECT ${STORED} FROM links`),
    // the planner would scan every link for the sources beside the UNION; their partial index holds just them
    affectedBy: db.prepare(
      `SELECT ${STORED} FROM links WHERE page_id IN (SELECT value FROM json_each(@pages))
       UNION SELECT ${STORED} FROM links WHERE target_key IN (SELECT value FROM json_each(@keys))
       UNION SELECT ${STORED} FROM links INDEXED BY links_source WHERE kind = 'source'`,
    ),
    answerAndKey: db.prepare(`UPDATE links SET target_page_id = ?, target_file_id = ?, target_external = ?, reason = ?, target_key = ? WHERE id = ?`),
    // target_key rarely changes, and setting it rewrites its index entry: most updates leave it out
    answer: db.prepare(`UPDATE links SET target_page_id = ?, target_file_id = ?, target_external = ?, reason = ? WHERE id = ?`),
  };
}
