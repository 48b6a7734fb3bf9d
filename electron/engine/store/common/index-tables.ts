// The index's core tables, as every repository that reads a page, a file or a link joins them:
// what an indexing run derives from the files (sqlite/migrations.ts; postgres/schema/files.ts).
import type { Generated } from 'kysely';

export interface IndexTables {
  roots: { id: Generated<number>; path: string; scoped: Generated<number> };
  files: {
    id: Generated<number>;
    root_id: number;
    rel_path: string;
    rel_lower: string;
    name_lower: string;
    is_page: number;
    mtime_ms: number;
    size: number;
    /** 'indexed' | 'skipped' | 'failed' | 'attachment' */
    status: string;
    reason: string | null;
  };
  pages: {
    id: Generated<number>;
    file_id: number;
    key: string;
    key_lower: string;
    scope: 'global' | 'user';
    agent: string | null;
    title: string;
    summary: string | null;
    /** JSON array */
    tags: string;
    /** JSON object */
    frontmatter: string;
    fm_error: string | null;
    fm_error_line: number | null;
    body: string;
    /** JSON array */
    headings: string;
    /** JSON array */
    block_ids: string;
    /** JSON object */
    provenance: string;
    tier: string | null;
    usage_mode: string | null;
    owner: string | null;
    updated: string | null;
    reviewed: string | null;
    stale_since: string | null;
    archived_since: string | null;
    content_hash: string;
    term_count: Generated<number>;
    prose: string | null;
  };
  chunks: {
    rowid: Generated<number>;
    id: string;
    page_id: number;
    ord: number;
    heading: string | null;
    heading_path: string;
    text: string;
    hash: string;
    line: number;
  };
  links: {
    id: Generated<number>;
    page_id: number;
    ord: number;
    line: number;
    col: number | null;
    kind: string;
    target: string;
    target_key: Generated<string>;
    anchor: string | null;
    label: string | null;
    target_page_id: number | null;
    target_file_id: number | null;
    target_external: string | null;
    reason: string | null;
  };
  walk_problems: { root_id: number; rel_path: string; severity: string; reason: string };
  runs: {
    id: Generated<number>;
    started_at: string;
    finished_at: string | null;
    /** JSON array */
    roots: string;
    /** JSON object */
    counts: string;
    ms: number | null;
    state: Generated<string>;
    pid: number | null;
    process: string | null;
  };
  meta: { key: string; value: string };
  staleness: { page_id: number; since: string; reasons: string };
}
