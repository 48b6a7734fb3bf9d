// "The file at rel, or every file under the folder rel", for root-relative paths in a column kept in
// the (root, path) index: the range from "rel" up to "rel0" ('0' follows '/'), which the index
// answers, narrowed to rel itself and what lies past "rel/". A write's run, and a watcher's, ask
// about their paths in one statement: a select per path joined by UNION, each a range of the index
// (an OR of the ranges made SQLite, which keeps no statistics here, test every row of the root
// against each: 23 ms for 100 paths among 10,000 files, against 1.4 ms).
import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { inBatches, wellFormed, type Dialect } from './query.ts';

/** Paths one statement asks about. */
const PATHS_PER_STATEMENT = 100;
/** Paths meetingPaths narrows by: each source is tested against each (100 paths over 20,000
 * sources took 257 ms on SQLite, against 36 ms reading them all); past this, all are read. */
const MEETING_PATHS = 10;

function atOrUnder(column: string, rel: string): RawBuilder<SqlBool> {
  const col = sql.ref(column);
  return sql<SqlBool>`${col} >= ${rel} AND ${col} < ${`${rel}0`} AND (${col} = ${rel} OR ${col} > ${`${rel}/`})`;
}

/** The rows `select` gives at or under each of `rels` (by `column`), once each, ordered by `orderBy` (a column selected). */
export async function rowsAtOrUnder<DB, TB extends keyof DB, O>(
  rels: readonly string[],
  column: string,
  select: (at: RawBuilder<SqlBool>) => SelectQueryBuilder<DB, TB, O>,
  orderBy: string,
): Promise<O[]> {
  const out: O[] = [];
  for (const some of inBatches(rels, PATHS_PER_STATEMENT)) {
    const [first, ...rest] = some.map((rel) => select(atOrUnder(column, rel)));
    out.push(
      ...(await rest
        .reduce((all, one) => all.union(one), first!)
        .orderBy(sql.ref(orderBy))
        .execute()),
    );
  }
  return out;
}

/**
 * Absolute paths in `column` that meet one of `paths` as graph/relink.ts pathsMeet has it: the path
 * itself, one under it, or a folder around it; `sep` the platform's. The paths go as one JSON
 * parameter (read by the dialect's jsonValues), so the statement is one text for any
 * number and depth of paths (a parameter per path and per folder around it ran past SQLite's 32,766
 * for a hundred deep paths). Null past MEETING_PATHS paths, where the caller reads every row:
 * a run's sources were all read and tested here for every write, however few it touched.
 */
export function meetingPaths(column: string, paths: readonly string[], sep: string, dialect: Dialect): RawBuilder<SqlBool> | null {
  if (paths.length === 0 || paths.length > MEETING_PATHS) return null;
  const col = sql.ref(column);
  // the character after the separator: "p/" up to "p0" is everything under p
  const past = String.fromCharCode(sep.charCodeAt(0) + 1);
  const under = (a: RawBuilder<unknown>, b: RawBuilder<unknown>) => sql`(${a} > ${b} || ${sep} AND ${a} < ${b} || ${past})`;
  const p = sql.ref('m.value');
  // well formed, as a bound string would be made: PostgreSQL's JSON refuses a lone surrogate
  const json = JSON.stringify(paths.map((p) => wellFormed(p)));
  return sql<SqlBool>`EXISTS (SELECT 1 FROM ${dialect.jsonValues(sql<string>`${json}`)} AS m WHERE ${col} = ${p} OR ${under(col, p)} OR ${under(p, col)})`;
}
