// Link health reports: what is broken, where, and which pages nothing links to.
import type { LinkFinding } from '../../../shared/page.ts';
import type { PageSummary } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { visibleTo } from '../store/sqlite/visibility.ts';
import { PAGE_FROM, PAGE_SUMMARY_COLUMNS, toPageSummary, type PageSummaryRow } from './page-rows.ts';

const FINDING = `SELECT r.path AS root, f.rel_path AS source, p.key AS sourceKey, p.scope, p.agent, l.line, l.target, l.anchor, l.kind, l.reason
  FROM links l JOIN pages p ON p.id = l.page_id JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;
const ORDER = `ORDER BY r.path, f.rel_path, l.line, l.ord`;

type FindingRow = Omit<LinkFinding, 'scope'> & { scope: 'global' | 'user'; agent: string | null };

const toFinding = ({ scope, agent, ...rest }: FindingRow): LinkFinding => ({ ...rest, scope: { kind: scope, agent } });

/** The broken links of the pages the viewer reads (archived ones too: their links are still written). */
export function brokenLinks(db: Db, reasons: ('missing-page' | 'missing-anchor')[], viewer: Viewer): LinkFinding[] {
  const rule = visibleTo(viewer, { archived: true, never: true });
  const rows = db.prepare(`${FINDING} WHERE l.reason IN (SELECT value FROM json_each(?)) AND ${rule.sql} ${ORDER}`).all(JSON.stringify(reasons), ...rule.params) as FindingRow[];
  return rows.map(toFinding);
}

/** These links, as findings (the first `limit`). */
export function linkFindings(db: Db, ids: number[], limit: number): LinkFinding[] {
  const rows = db.prepare(`${FINDING} WHERE l.id IN (SELECT value FROM json_each(?)) ${ORDER} LIMIT ?`).all(JSON.stringify(ids), limit) as FindingRow[];
  return rows.map(toFinding);
}

/** Pages the viewer reads that no other page links to (a page linking itself does not count). */
export function orphanPages(db: Db, viewer: Viewer): PageSummary[] {
  const rule = visibleTo(viewer, { archived: true, never: true });
  const rows = db
    .prepare(
      `SELECT ${PAGE_SUMMARY_COLUMNS} ${PAGE_FROM}
       WHERE NOT EXISTS (SELECT 1 FROM links l WHERE l.target_page_id = p.id AND l.page_id != p.id) AND ${rule.sql}
       ORDER BY r.path, f.rel_path`,
    )
    .all(...rule.params) as PageSummaryRow[];
  return rows.map(toPageSummary);
}
