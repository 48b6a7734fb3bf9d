// What indexing runs write and ask of pages over PostgreSQL (PgPages answers them through this):
// sqlite/pages.ts's pageWrites, a list of paths or pages sent as arrays in one statement.
import type { DuplicateKeyRow, IndexedPage } from '../pages.ts';
import type { Sql } from './sql.ts';

const PAGE_COLUMNS = `file_id, key, key_lower, scope, agent, title, summary, tags, frontmatter, fm_error, fm_error_line,
  body, headings, block_ids, provenance, tier, usage_mode, owner, updated, reviewed, stale_since, archived_since, content_hash, prose`;
/** Every column but the file's: what a page written again replaces. */
const REPLACED = PAGE_COLUMNS.split(',')
  .map((c) => c.trim())
  .filter((c) => c !== 'file_id')
  .map((c) => `${c} = excluded.${c}`)
  .join(', ');

const UPSERT = `INSERT INTO pages (${PAGE_COLUMNS})
  VALUES (${PAGE_COLUMNS.split(',')
    .map(() => '?')
    .join(', ')})
  ON CONFLICT (file_id) DO UPDATE SET ${REPLACED}
  RETURNING id`;

/** The row's values, in PAGE_COLUMNS's order. */
const valuesOf = (p: IndexedPage): unknown[] => [
  p.fileId,
  p.key,
  p.key.toLowerCase(),
  p.scope,
  p.agent,
  p.title,
  p.summary,
  JSON.stringify(p.tags),
  JSON.stringify(p.frontmatter),
  p.fmError,
  p.fmErrorLine,
  p.body,
  JSON.stringify(p.headings),
  JSON.stringify(p.blockIds),
  JSON.stringify(p.provenance),
  p.tier,
  p.usageMode,
  p.owner,
  p.updated,
  p.reviewed,
  p.staleSince,
  p.archivedSince,
  p.hash,
  p.prose,
];

export class PageWrites {
  constructor(private readonly sql: Sql) {}

  async storedHashes(rootId: number, relPaths: readonly string[]): Promise<(string | null)[]> {
    if (relPaths.length === 0) return [];
    // a page without prose was indexed before concepts: it is written again even when its bytes are the same
    const rows = await this.sql.rows<{ rel: string; hash: string | null }>(
      `SELECT f.rel_path AS rel, CASE WHEN p.prose IS NULL THEN NULL ELSE p.content_hash END AS hash
       FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? AND f.rel_path = ANY(?::text[])`,
      [rootId, relPaths],
    );
    const hashOf = new Map(rows.map((r) => [r.rel, r.hash]));
    return relPaths.map((rel) => hashOf.get(rel) ?? null);
  }

  async upsertIndexed(p: IndexedPage): Promise<number> {
    return (await this.sql.value<number>(UPSERT, valuesOf(p)))!;
  }

  placesInRoot(rootId: number): Promise<{ id: number; relPath: string }[]> {
    // in path order, as SQLite reads them through the (root, path) index
    return this.sql.rows(`SELECT p.id, f.rel_path AS "relPath" FROM pages p JOIN files f ON f.id = p.file_id WHERE f.root_id = ? ORDER BY f.rel_path`, [
      rootId,
    ]);
  }

  async rescope(pages: readonly { id: number; scope: 'global' | 'user'; agent: string | null }[]): Promise<void> {
    // one row per page, the last said of it winning, as one update after another would leave it
    const last = [...new Map(pages.map((p) => [p.id, p])).values()];
    if (last.length === 0) return;
    await this.sql.run(
      `UPDATE pages p SET scope = u.scope, agent = u.agent FROM unnest(?::int[], ?::text[], ?::text[]) AS u(id, scope, agent) WHERE p.id = u.id`,
      [last.map((p) => p.id), last.map((p) => p.scope), last.map((p) => p.agent)],
    );
  }

  duplicateKeys(): Promise<DuplicateKeyRow[]> {
    // the keys more than one page has, from the key index alone, before the few pages are grouped by scope
    return this.sql.rows<DuplicateKeyRow>(
      `WITH shared AS (SELECT key_lower FROM pages GROUP BY key_lower HAVING count(*) > 1)
       SELECT p.key_lower, p.scope, p.agent, r.path AS root, f.rel_path AS path
       FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id
       WHERE p.key_lower IN (SELECT key_lower FROM shared) AND (p.key_lower, p.scope, coalesce(p.agent, '')) IN (
         SELECT key_lower, scope, coalesce(agent, '') FROM pages WHERE key_lower IN (SELECT key_lower FROM shared) GROUP BY 1, 2, 3 HAVING count(*) > 1)
       ORDER BY p.key_lower, length(f.rel_path), f.rel_path, r.path`,
    );
  }
}
