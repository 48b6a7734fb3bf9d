// How the one implementation of a repository speaks to either database: a Kysely query builder
// over the tables both stores keep under the same names and columns (common/tables.ts), bound to
// the transaction the calling code is inside, and the few expressions the two SQL dialects spell
// differently. Everything else in a repository is written once (ARCHITECTURE.md, "One store").
import { CompiledQuery, sql, type Compilable, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Condition } from '../visibility.ts';
import type { Tables } from './tables.ts';
import type { SearchFilters } from '../../../../shared/search.ts';

export interface Dialect {
  readonly kind: 'sqlite' | 'postgres';
  /** `a = b`, ignoring the case of ASCII letters only (SQLite's `COLLATE NOCASE`), on both. */
  sameText(a: Expression<string | null>, b: Expression<string | null>): RawBuilder<SqlBool>;
  /** The elements of a JSON array held in a text column, as a one-column table of `value`s. */
  jsonValues(json: Expression<string | null>): RawBuilder<{ value: string }>;
  /** `ref` is one of `values`, as one parameter: one statement text for lists of any length. */
  oneOf(ref: Expression<unknown>, values: readonly (string | number)[]): RawBuilder<SqlBool>;
  /** `text LIKE pattern` as SQLite's LIKE matches: ASCII letters in either case, no escape character. */
  likeNoCase(text: Expression<string | null>, pattern: string): RawBuilder<SqlBool>;
  /** Where `needle` first starts in `text`, from 1; 0 when it is not there. */
  indexOf(text: Expression<string | null>, needle: Expression<string>): RawBuilder<number>;
  /** Whether a string of the JSON array in `json` (a page's tags), its ASCII letters lowercased, is one of `names`. */
  tagAmong(json: Expression<string>, names: readonly string[]): RawBuilder<SqlBool>;
  /** After a table in FROM: SQLite's `INDEXED BY index`, where its planner would not choose that index on its own; nothing in PostgreSQL. */
  indexedBy(index: string): RawBuilder<unknown>;
  /** Search filters as a condition on pages `p` (files `f`): tags and tiers are spelled per engine (store/page-condition.ts). */
  pageFilter(filters: SearchFilters): Condition;
  /** `rows` as a table `alias` with these columns, to read in FROM: one parameter (SQLite, JSON) or one a column
   * (PostgreSQL, arrays), so one statement text writes any number of rows. */
  rows(alias: string, columns: Readonly<Record<string, 'int' | 'text'>>, rows: readonly (readonly unknown[])[]): RawBuilder<unknown>;
  /**
   * Rows passed as one array parameter per column (of these SQL `types`), as a FROM item whose
   * columns are column1…columnN, like a VALUES list's: any number of rows in one statement of one
   * text. Null where the database takes no arrays (SQLite: VALUES lists, a block at a time).
   */
  readonly columnArrays: ((types: readonly string[]) => RawBuilder<unknown>) | null;
  /** Many rows of a table written by COPY (PostgreSQL: postgres/copy-rows.ts, a first index's); null
   * where statements write them as fast (SQLite, in process). */
  readonly copy: RowsByCopy | null;
  /** Runs `write`, which writes most rows of `table`, with its secondary indexes and foreign keys
   * dropped and built again after (PostgreSQL: postgres/without-indexes.ts); SQLite just runs it. */
  withoutIndexes<T>(table: string, write: () => Promise<T>): Promise<T>;
}

/** A string with each lone surrogate made U+FFFD (String.prototype.toWellFormed, Node 20 on; TypeScript's lib here predates it):
 * as binding a string would, where it goes into JSON text instead, which would carry it as is. */
export const wellFormed = (s: string): string => (s as string & { toWellFormed(): string }).toWellFormed();

/** A COPY row: numbers, strings and nulls. */
export type CopyRow = readonly (string | number | null)[];

export interface RowsByCopy {
  /** `rows` into `table`'s `columns`, in the order given (an identity column numbers them in it). */
  insert(table: string, columns: readonly string[], rows: Iterable<CopyRow>): Promise<void>;
  /** The rows of `table` whose id each row's first value is, given the other values in `columns`;
   * false, having written nothing, where the database refuses the table it stages them in. */
  rewrite(table: string, columns: readonly string[], rows: Iterable<CopyRow>): Promise<boolean>;
}

export interface Query {
  /** The builder: its statements run inside the caller's store.write or store.read, else on their own. */
  readonly db: Kysely<Tables>;
  readonly dialect: Dialect;
  /** Runs a compiled statement with these parameters straight on the driver (see `statement`). */
  rows<R>(compiled: CompiledQuery<R>, parameters: readonly unknown[]): Promise<R[]>;
}

/**
 * Statement texts compiled once, by key, and run with new parameters straight on the driver: for
 * statements whose shape is one of a few (a read by name, an insert of n rows) and which run
 * thousands of times, where compiling each would cost more than running it.
 */
export class KeptStatements {
  private readonly texts = new Map<string | number, string>();

  constructor(private readonly q: Query) {}

  /** Runs the statement kept under `key` (made by `build` the first time) with `params`, in the order it takes them. */
  run<R>(key: string | number, params: readonly unknown[], build: () => { compile(): CompiledQuery<R> }): Promise<R[]> {
    let text = this.texts.get(key);
    if (text === undefined) {
      const compiled = build().compile();
      if (compiled.parameters.length !== params.length) throw new Error(`${key} takes ${compiled.parameters.length} parameters, not ${params.length}`);
      this.texts.set(key, (text = compiled.sql));
    }
    return this.q.rows(CompiledQuery.raw(text, [...params]) as CompiledQuery<R>, params);
  }
}

/** Rows written with one statement per batch: SQLite binds at most 32,766 values a statement. */
export function inBatches<T>(rows: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The last item given for each key, in the order the keys first came: one upsert of many rows
 * changes a row once, where a statement per item would leave the last item's values. */
export function lastOf<T>(items: readonly T[], key: (item: T) => string): T[] {
  const by = new Map<string, T>();
  for (const item of items) by.set(key(item), item);
  return [...by.values()];
}

/** A condition written with `?` placeholders (store/visibility.ts visibleTo), as a piece of a Kysely query. */
export function condition(c: Condition): RawBuilder<SqlBool> {
  const parts = c.sql.split('?');
  return sql<SqlBool>`(${sql.join(
    parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql.val(c.params[i - 1]), sql.raw(part)])),
    sql``,
  )})`;
}

/**
 * A statement compiled once and run with new values each call, straight on the driver (see
 * Query.rows): for statements made per row in loops over thousands, where building and compiling
 * each cost tens of µs against a few for running it. `build` gets stand-ins for its arguments
 * (strings naming them, whatever their type) and must use each only as a value, never in logic.
 */
export function compiledOnce<A extends object, R>(q: Query, build: (args: A) => Compilable<R>): (args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  const named = (p: unknown) => typeof p === 'string' && p.startsWith(STAND_IN);
  return (args) => {
    compiled ??= build(new Proxy({}, { get: (_, name) => `${STAND_IN}${String(name)}` }) as A).compile();
    return q.rows(
      compiled,
      compiled.parameters.map((p) => (named(p) ? args[(p as string).slice(STAND_IN.length) as keyof A] : p)),
    );
  };
}

const STAND_IN = '\u0000arg:';
