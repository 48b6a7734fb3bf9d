// The rows the reference graph is made of: pages, and their links grouped one per page, kind and
// target. Grouped here rather than with GROUP BY, which sorts every row and took twice as long;
// links to pages (most of them) are read as numbers only.
import { LINK_KINDS, type LinkKind } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';

export interface PageRow {
  id: number;
  key: string;
  path: string;
  root: string;
  title: string;
  tags: string;
  tier: string | null;
  scope: 'global' | 'user';
  agent: string | null;
  archived: number;
  stale: number;
}

/** All the links of one kind from one page to one target: exactly one of the target fields is set. */
export interface EdgeRow {
  pageId: number;
  kind: LinkKind;
  targetPage: number | null;
  targetFile: number | null;
  external: string | null;
  /** a target nothing answers, as written (lowercased, without ./ and .md, so [[x]] and [t](x.md) meet); a missing source as written */
  missingKey: string | null;
  target: string;
  line: number;
  n: number;
}

const PAGES = `SELECT p.id, p.key, f.rel_path AS path, r.path AS root, p.title, p.tags, p.tier, p.scope, p.agent,
  p.archived_since IS NOT NULL AS archived, EXISTS (SELECT 1 FROM staleness s WHERE s.page_id = p.id) AS stale
  FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;
const TO_PAGES = `SELECT page_id, kind, target_page_id, line FROM links WHERE target_page_id IS NOT NULL AND target_page_id != page_id`;
const TO_OTHERS = `SELECT page_id, kind, target_file_id, target_external, target, line FROM links WHERE target_page_id IS NULL`;
const OF_PAGES = ` AND page_id IN (SELECT value FROM json_each(?))`;

const KIND_COUNT = LINK_KINDS.length;
const KIND_INDEX = Object.fromEntries(LINK_KINDS.map((k, i) => [k, i])) as Record<LinkKind, number>;

export function readPages(db: Db, ids: number[]): PageRow[] {
  return db.prepare(`${PAGES} WHERE p.id IN (SELECT value FROM json_each(?)) ORDER BY f.root_id, f.rel_path`).all(JSON.stringify(ids)) as PageRow[];
}

/** The links of these pages (null: of every page), one row per page, kind and target. */
export function readEdges(db: Db, pageIds: number[] | null): EdgeRow[] {
  const read = (sql: string) => (pageIds ? db.prepare(sql + OF_PAGES).raw().all(JSON.stringify(pageIds)) : db.prepare(sql).raw().all()) as unknown[][];
  const edges: EdgeRow[] = [];
  const byPage = new Map<number, Map<number | string, EdgeRow>>();
  const add = (pageId: number, key: number | string, line: number, make: () => EdgeRow) => {
    let mine = byPage.get(pageId);
    if (!mine) byPage.set(pageId, (mine = new Map()));
    const known = mine.get(key);
    if (!known) {
      const edge = make();
      mine.set(key, edge);
      edges.push(edge);
    } else {
      known.n++;
      if (line < known.line) known.line = line;
    }
  };
  for (const [pageId, kind, targetPage, line] of read(TO_PAGES) as [number, LinkKind, number, number][]) {
    add(pageId, targetPage * KIND_COUNT + KIND_INDEX[kind], line, () => ({ pageId, kind, targetPage, targetFile: null, external: null, missingKey: null, target: '', line, n: 1 }));
  }
  for (const [pageId, kind, targetFile, external, target, line] of read(TO_OTHERS) as [number, LinkKind, number | null, string | null, string, number][]) {
    const missingKey = targetFile === null && external === null ? (kind === 'source' ? `ms:${target}` : `m:${missingName(target)}`) : null;
    const key = `${kind}\0${targetFile ?? ''}\0${external ?? ''}\0${missingKey ?? ''}`;
    add(pageId, key, line, () => ({ pageId, kind, targetPage: null, targetFile, external, missingKey, target, line, n: 1 }));
  }
  return edges;
}

function missingName(target: string): string {
  return target.trim().toLowerCase().replace(/^\.\//, '').replace(/\.md$/, '');
}
