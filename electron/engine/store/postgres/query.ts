// The one implementation's builder (common/query.ts) on PostgreSQL: Kysely's PostgreSQL compiler,
// run through Sql, which finds the connection of the transaction the caller is inside (or the
// pool) and names each statement text so a connection plans it once. Transactions are the
// store's (pg-store.ts), never the builder's.
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqlBool,
} from 'kysely';
import type { Dialect, Query } from '../common/query.ts';
import { withoutIndexes } from './without-indexes.ts';
import { copyRows, rewriteRows } from './copy-rows.ts';
import { pageCondition } from './page-filter.ts';
import type { Tables } from '../common/tables.ts';
import type { Sql } from './sql.ts';

const POSTGRES: Omit<Dialect, 'withoutIndexes' | 'copy'> = {
  kind: 'postgres',
  // SQLite's NOCASE folds ASCII letters only: lower() under "C" does the same
  sameText: (a, b) => sql<SqlBool>`lower(${a} COLLATE "C") = lower(${b} COLLATE "C")`,
  jsonValues: (json) => sql`json_array_elements_text(${json}::json)`,
  oneOf: (ref, values) => sql<SqlBool>`${ref} = ANY(${values})`,
  // ILIKE under "C" folds ASCII letters only, as SQLite's LIKE does
  likeNoCase: (text, pattern) => sql<SqlBool>`${text} ILIKE ${pattern} ESCAPE ''`,
  indexOf: (text, needle) => sql<number>`strpos(${text}, ${needle})`,
  // compared as JSON text: PostgreSQL refuses to turn a JSON string holding a NUL (YAML's "\0") into text
  tagAmong: (json, names) =>
    sql<SqlBool>`EXISTS (SELECT 1 FROM json_array_elements(${json}::json) t(tag) WHERE lower(t.tag::text COLLATE "C") IN (SELECT to_json(n)::text FROM unnest(${names}::text[]) n))`,
  indexedBy: () => sql``,
  pageFilter: pageCondition,
  rows: (alias, columns, rows) =>
    sql`unnest(${sql.join(Object.values(columns).map((type, i) => sql`${rows.map((r) => r[i])}::${sql.raw(type)}[]`))}) AS ${sql.id(alias)}(${sql.join(Object.keys(columns).map((c) => sql.id(c)))})`,
  columnArrays: (types) =>
    sql`(SELECT * FROM unnest(${sql.join(types.map((t) => sql`CAST(${null} AS ${sql.raw(t)}[])`))}) AS u(${sql.raw(types.map((_, i) => `column${i + 1}`).join(', '))}))`,
};

const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class SqlConnection implements DatabaseConnection {
  constructor(private readonly run: Sql) {}

  async executeQuery<R>(c: CompiledQuery): Promise<QueryResult<R>> {
    const r = await this.run.compiled(c.sql, c.parameters);
    return { rows: r.rows as R[], ...(CHANGES.has(r.command) ? { numAffectedRows: BigInt(r.rowCount ?? 0) } : {}) };
  }

  streamQuery(): never {
    throw new Error('Cairn reads no PostgreSQL result as a stream');
  }
}

class SqlDriver implements Driver {
  private readonly connection: SqlConnection;
  constructor(run: Sql) {
    this.connection = new SqlConnection(run);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error("transactions are the store's (store.write, store.read), not the builder's");
  }
  commitTransaction = this.beginTransaction;
  rollbackTransaction = this.beginTransaction;
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

export function pgQuery(run: Sql): Query {
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new SqlDriver(run),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    db,
    dialect: {
      ...POSTGRES,
      withoutIndexes: (table, write) => withoutIndexes(run, table, write),
      copy: {
        insert: (table, columns, rows) => copyRows(run, table, columns, rows),
        rewrite: (table, columns, rows) => rewriteRows(run, table, columns, rows),
      },
    },
    rows: async <R>(compiled: CompiledQuery<R>, parameters: readonly unknown[]) => (await run.compiled(compiled.sql, parameters)).rows as R[],
  };
}
