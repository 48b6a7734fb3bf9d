// How a page row becomes the contract's PageSummary: one column list and one mapping for every
// query that lists pages. SQLite-internal (fixed aliases p, f, r).
import type { PageSummary } from '../../../../shared/page.ts';

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
