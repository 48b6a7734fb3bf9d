// The pages an indexing run writes: a batch of them in one upsert (a block of rows per statement,
// its text compiled once per number of rows and kept), where a statement per page cost a full
// index of interconnected-10k on PostgreSQL 10,000 round trips.
import { sql } from 'kysely';
import type { IndexedPage } from '../pages.ts';
import { inBatches, lastOf, type KeptStatements, type Query } from './query.ts';

/** Rows per upsert: 25 parameters each, under SQLite's 32,766 a statement; a batch of the indexer's 500 pages is one. */
const ROWS = 500;

/** The page row an indexing run writes, its columns in the order of the compiled upsert's parameters. */
const pageRow = (p: IndexedPage) => ({
  file_id: p.fileId,
  key: p.key,
  key_lower: p.key.toLowerCase(),
  scope: p.scope,
  agent: p.agent,
  title: p.title,
  summary: p.summary,
  tags: JSON.stringify(p.tags),
  frontmatter: JSON.stringify(p.frontmatter),
  fm_error: p.fmError,
  fm_error_line: p.fmErrorLine,
  body: p.body,
  headings: JSON.stringify(p.headings),
  block_ids: JSON.stringify(p.blockIds),
  provenance: JSON.stringify(p.provenance),
  tier: p.tier,
  usage_mode: p.usageMode,
  owner: p.owner,
  updated: p.updated,
  reviewed: p.reviewed,
  stale_since: p.staleSince,
  archived_since: p.archivedSince,
  content_hash: p.hash,
  prose: p.prose,
});

/** Writes each file's page (inserted, or replacing the file's page: it keeps its id); returns the pages' ids, in order. */
export async function upsertIndexed(q: Query, kept: KeptStatements, pages: readonly IndexedPage[]): Promise<number[]> {
  const idOf = new Map<number, number>();
  // one upsert changes a row once: a file given twice is written as the last page given for it
  for (const block of inBatches(
    lastOf(pages, (p) => String(p.fileId)),
    ROWS,
  )) {
    const rows = block.map(pageRow);
    const written = await kept.run<{ id: number; file_id: number }>(`upsert ${rows.length}`, rows.flatMap(Object.values), () => {
      // a page written again keeps its id and replaces every column but its file's
      const replaced = Object.fromEntries(Object.keys(rows[0]!).map((k) => [k, sql.ref<never>(`excluded.${k}`)]));
      delete replaced.file_id;
      return q.db
        .insertInto('pages')
        .values(rows)
        .onConflict((c) => c.column('file_id').doUpdateSet(replaced))
        .returning(['id', 'file_id']);
    });
    for (const w of written) idOf.set(Number(w.file_id), Number(w.id));
  }
  return pages.map((p) => idOf.get(p.fileId)!);
}
