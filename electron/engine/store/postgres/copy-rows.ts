// Many rows of a table written by COPY rather than by statements, for a first index: PostgreSQL
// parses COPY's text once, where an INSERT or UPDATE of unnested arrays has the server parse each
// array literal and join it. interconnected-10k's 189,172 links, measured alone on this machine:
// inserted 29 ms a batch of 9,500 by unnest, 14.5 ms by COPY; their first answers written in
// 868 ms by ten UPDATEs (their indexes then built in 268 ms), 440 ms by a COPY and one rewrite
// (159 ms).
import { escapeIdentifier as id } from 'pg';
import { copyText } from './copy-text.ts';
import type { CopyRow } from '../common/query.ts';
import type { Sql } from './sql.ts';

/** `rows` into `table`'s `columns`, in the order given (an identity column numbers them in it). */
export function copyRows(sql: Sql, table: string, columns: readonly string[], rows: Iterable<CopyRow>): Promise<void> {
  return sql.copyIn(`COPY ${id(table)} (${columns.map(id).join(', ')}) FROM STDIN`, copyText(rows));
}

/**
 * Gives the rows of `table` whose `id` is the first value of a row of `rows` the other values, in
 * `columns`: staged by COPY into a table of the transaction's own, then each row deleted and
 * inserted again, with its id, in one statement. Updating them in place writes a new version of
 * each row all the same, and joins the values as arrays; deleting keeps every other session's
 * snapshot whole (TRUNCATE would not). Inside a write transaction, which drops the staged rows
 * if it fails; the table's foreign keys are checked again on insert (a first index drops them
 * meanwhile: without-indexes.ts). False, having written nothing, where the role may make no
 * temporary table.
 */
export async function rewriteRows(sql: Sql, table: string, columns: readonly string[], rows: Iterable<CopyRow>): Promise<boolean> {
  const stage = id(`rewritten_${table}`);
  if (!(await stagedIn(sql, `CREATE TEMP TABLE ${stage} AS SELECT id, ${columns.map(id).join(', ')} FROM ${id(table)} WITH NO DATA`))) return false;
  await copyRows(sql, `rewritten_${table}`, ['id', ...columns], rows);
  const all = (
    await sql.rows<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [table],
    )
  ).map((c) => c.name);
  const given = new Set(columns);
  await sql.run(
    `WITH gone AS (DELETE FROM ${id(table)} t USING ${stage} s WHERE t.id = s.id RETURNING t.*)
     INSERT INTO ${id(table)} (${all.map(id).join(', ')})
     SELECT ${all.map((c) => `${given.has(c) ? 's' : 'g'}.${id(c)}`).join(', ')} FROM gone g JOIN ${stage} s USING (id)`,
  );
  await sql.run(`DROP TABLE ${stage}`);
  return true;
}

/** PostgreSQL's "insufficient_privilege". */
const REFUSED = '42501';

/** Makes the staging table; false, with the transaction as it was, where this role may make no
 * temporary table (a database whose TEMP privilege was revoked). */
async function stagedIn(sql: Sql, create: string): Promise<boolean> {
  await sql.run('SAVEPOINT staging');
  try {
    await sql.run(create);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code !== REFUSED) throw err;
    await sql.run('ROLLBACK TO SAVEPOINT staging');
    return false;
  }
}
