// The one implementation's builder (common/query.ts) on the SQLite connection: Kysely's own
// SQLite dialect, each statement text prepared once and kept (preparing costs more than running
// most of ours: statements.ts). Its statements join whatever transaction the store has open on
// the connection, as every statement here does.
import { Kysely, SqliteDialect, sql, type CompiledQuery, type SqlBool } from 'kysely';
import { wellFormed, type Dialect, type Query } from '../common/query.ts';
import { pageCondition } from './page-filter.ts';
import type { Tables } from '../common/tables.ts';
import type { Db } from './database.ts';
import { StatementsByText } from './statements-by-text.ts';

/** JSON.stringify's replacer making each string well formed. */
const wellFormedStrings = (_: string, v: unknown) => (typeof v === 'string' ? wellFormed(v) : v);

const SQLITE: Dialect = {
  kind: 'sqlite',
  sameText: (a, b) => sql<SqlBool>`${a} = ${b} COLLATE NOCASE`,
  jsonValues: (json) => sql`json_each(${json})`,
  oneOf: (ref, values) => sql<SqlBool>`${ref} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`,
  likeNoCase: (text, pattern) => sql<SqlBool>`${text} LIKE ${pattern}`,
  indexOf: (text, needle) => sql<number>`instr(${text}, ${needle})`,
  tagAmong: (json, names) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM json_each(${json}) t WHERE lower(t.value) IN (SELECT value FROM json_each(${JSON.stringify(names)})))`,
  indexedBy: (index) => sql`INDEXED BY ${sql.id(index)}`,
  pageFilter: pageCondition,
  // a lone surrogate made well-formed, as binding the string would: JSON would carry it into the text as is
  rows: (alias, columns, rows) =>
    sql`(SELECT ${sql.join(Object.keys(columns).map((c, i) => sql`value ->> ${sql.lit(i)} AS ${sql.id(c)}`))} FROM json_each(${JSON.stringify(rows, wellFormedStrings)})) AS ${sql.id(alias)}`,
  columnArrays: null,
  copy: null,
  // its writes of many rows were measured with the indexes in place (SQLite's B-trees are written in bulk)
  withoutIndexes: (_table, write) => write(),
};

export function sqliteQuery(db: Db): Query {
  const kept = new StatementsByText(db);
  // the store closes the connection, not the builder
  const database = { prepare: (text: string) => kept.get(text), close: () => {} };
  return {
    db: new Kysely<Tables>({ dialect: new SqliteDialect({ database }) }),
    dialect: SQLITE,
    async rows<R>(compiled: CompiledQuery<R>, parameters: readonly unknown[]): Promise<R[]> {
      const stmt = kept.get(compiled.sql);
      if (stmt.reader) return stmt.all(...parameters) as R[];
      stmt.run(...parameters);
      return [];
    },
  };
}
