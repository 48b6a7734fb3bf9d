// The rows of the files a run finds: the statements that write one, compiled once, and the row
// of a new one, for inserting a batch of them in one statement.
import path from 'node:path';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { FileRecord } from '../runs.ts';
import { compiledOnce, type Query } from './query.ts';

/**
 * The statements a run makes for every file it finds, compiled once. A file is updated where it
 * is, else inserted: not INSERT ... ON CONFLICT DO UPDATE alone, which in PostgreSQL draws an id
 * from the identity even when it updates, so ids would drift from SQLite's at every file a run
 * indexes again. The insert's ON CONFLICT serves a row another server inserted meanwhile.
 */
export function fileStatements(q: Query) {
  const db = q.db;
  return {
    update: compiledOnce(q, (f: FileRow) =>
      db.updateTable('files').set(stateOf(f)).where('root_id', '=', f.root_id).where('rel_path', '=', f.rel_path).returning('id'),
    ),
    insert: compiledOnce(q, (f: FileRow) =>
      db
        .insertInto('files')
        // each column named: `f` stands in for the arguments, it has no keys to spread
        .values({ root_id: f.root_id, rel_path: f.rel_path, rel_lower: f.rel_lower, name_lower: f.name_lower, ...stateOf(f) })
        .onConflict((c) => c.columns(['root_id', 'rel_path']).doUpdateSet(stateOf(f)))
        .returning('id'),
    ),
    deletePage: compiledOnce(q, (a: { id: number }) => db.deleteFrom('pages').where('file_id', '=', a.id)),
    touch: compiledOnce(q, (a: { rootId: number; relPath: string; mtimeMs: number; size: number }) =>
      db.updateTable('files').set({ mtime_ms: a.mtimeMs, size: a.size }).where('root_id', '=', a.rootId).where('rel_path', '=', a.relPath),
    ),
  };
}

/** Files per insert: nine parameters each. */
export const FILE_ROWS = 500;
/** What a file's row says of its state, which writing it again replaces. */
export const STATE = ['mtime_ms', 'size', 'status', 'reason', 'is_page'] as const;

/** A new file's row, its columns in the order of the compiled insert's parameters. */
export const fileRow = (rootId: number, f: FileRecord) => ({
  root_id: rootId,
  rel_path: f.relPath,
  rel_lower: f.relPath.toLowerCase(),
  name_lower: path.posix.basename(f.relPath).toLowerCase(),
  is_page: f.status === 'indexed' ? 1 : 0,
  mtime_ms: f.mtimeMs,
  size: f.size,
  status: f.status,
  reason: f.reason,
});

export type FileRow = ReturnType<typeof fileRow>;

/** The columns of STATE, from a row (or the stand-in of a compiled statement's arguments). */
const stateOf = (f: FileRow) => ({ mtime_ms: f.mtime_ms, size: f.size, status: f.status, reason: f.reason, is_page: f.is_page });

/**
 * `column` (a file's root-relative path) is one of `paths`, asked so that each path finds its row
 * through the (root_id, rel_path) key: the paths as a table (Dialect.rows) under IN. Tested as
 * `rel_path = ANY(...)`, PostgreSQL planned a first index's batches as every file of the root read
 * and each compared with each of the batch's 500 paths, while the table had no statistics yet:
 * 34–44 ms a statement at 9,000 files, and growing. (Joined as a table instead, SQLite read every
 * file for each path.)
 */
export const relPathAmong = (q: Query, column: string, paths: readonly string[]): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(column)} IN (SELECT g.rel FROM ${q.dialect.rows(
    'g',
    { rel: 'text' },
    paths.map((p) => [p]),
  )})`;
