// How a page row becomes the contract's PageSummary: one mapping for every query that lists pages.
import type { PageSummary } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';

export const PAGE_SUMMARY_COLUMNS = `p.id, p.key, f.rel_path AS path, r.path AS root, p.scope, p.agent, p.title, p.summary, p.tags, p.content_hash`;
export const PAGE_FROM = `FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;

export interface PageSummaryRow {
  id: number;
  key: string;
  path: string;
  root: string;
  scope: 'global' | 'user';
  agent: string | null;
  title: string;
  summary: string | null;
  tags: string;
  content_hash: string;
}

export function toPageSummary(r: PageSummaryRow): PageSummary {
  return {
    key: r.key,
    path: r.path,
    root: r.root,
    scope: { kind: r.scope, agent: r.agent },
    title: r.title,
    summary: r.summary,
    tags: JSON.parse(r.tags) as string[],
    hash: r.content_hash,
  };
}

/** Pages' keys by id, for the ids given (fusion breaks ties by key; the graph lane names its seeds). */
export function keysOf(db: Db, ids: Iterable<number>): Map<number, string> {
  const rows = db.prepare(`SELECT id, key FROM pages WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...new Set(ids)])) as { id: number; key: string }[];
  return new Map(rows.map((r) => [r.id, r.key]));
}
