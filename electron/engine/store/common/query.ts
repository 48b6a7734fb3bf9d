// How the one implementation of a repository speaks to either database: a Kysely query builder
// over the tables both stores keep under the same names and columns (common/tables.ts), bound to
// the transaction the calling code is inside, and the few expressions the two SQL dialects spell
// differently. Everything else in a repository is written once (ARCHITECTURE.md, "One store").
import { sql, type Compilable, type CompiledQuery, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
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
}

export interface Query {
  /** The builder: its statements run inside the caller's store.write or store.read, else on their own. */
  readonly db: Kysely<Tables>;
  readonly dialect: Dialect;
  /** Runs a compiled statement with these parameters straight on the driver (see `statement`). */
  rows<R>(compiled: CompiledQuery<R>, parameters: readonly unknown[]): Promise<R[]>;
}

/**
 * A statement built and compiled once, then run with new arguments: for what a run asks
 * thousands of times (link resolution's look-ups), where building and compiling each call cost
 * more than running it (~30 µs against a few on SQLite). `build` gets stand-ins for the arguments
 * and may only pass them on as values; constants in it stay as compiled.
 */
export function statement<A extends unknown[], R>(q: Query, arity: A['length'], build: (...args: A) => Compilable<R>): (...args: A) => Promise<R[]> {
  const marks = Array.from({ length: arity }, (_, i) => `\u0000argument ${i}`);
  let compiled: CompiledQuery<R> | undefined;
  return (...args) => {
    compiled ??= build(...(marks as A)).compile();
    return q.rows(
      compiled,
      compiled.parameters.map((p) => {
        const i = marks.indexOf(p as string);
        return i < 0 ? p : args[i];
      }),
    );
  };
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
