// "The file at rel, or every file under the folder rel", for root-relative paths in a column kept in
// the (root, path) index: the range from "rel" up to "rel0" ('0' follows '/'), which the index
// answers, narrowed to rel itself and what lies past "rel/". One predicate for many paths: a
// write's run, and a watcher's, ask about their paths in one statement, not one each.
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** Paths one statement asks about (SQLite bounds how deep an expression may nest). */
export const PATHS_PER_STATEMENT = 100;

export function atOrUnder(column: string, rels: readonly string[]): RawBuilder<SqlBool> {
  if (!rels.length) return sql<SqlBool>`FALSE`;
  const col = sql.ref(column);
  const one = (rel: string) => sql`(${col} >= ${rel} AND ${col} < ${`${rel}0`} AND (${col} = ${rel} OR ${col} > ${`${rel}/`}))`;
  return sql<SqlBool>`(${sql.join(rels.map(one), sql` OR `)})`;
}
