// How the PostgreSQL repositories run SQL: on the transaction the calling code is inside (a
// store.write or store.read holds one pooled connection for it), or else on any connection of the
// pool, each statement on its own. Repositories never see a connection, only this. Statements are
// written with `?` placeholders, as the SQLite store's are.
import type { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// COUNT(*), SUM of integers and BIGINT columns arrive as strings by default: every count here fits a double
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface Transaction {
  kind: 'write' | 'read';
  client: pg.PoolClient;
  /** Settles once the statements sent on it so far have answered (Sql.send). */
  tail: Promise<unknown>;
  /** Set when it commits or rolls back: a statement still waiting its turn is refused, never run outside it. */
  ended: boolean;
}

/** Runs `work` on the transaction's connection once the statements sent before it have answered. */
export function inTurn<T>(tx: Transaction, work: () => Promise<T>): Promise<T> {
  const result = tx.tail.then(() => {
    if (tx.ended) throw new Error('the transaction this statement belongs to has ended (an earlier one failed): it was not run');
    return work();
  });
  tx.tail = result.catch(() => {});
  return result;
}

/** A statement as PostgreSQL takes it: SQLite's `?` placeholders as `$1, $2…` (not inside quoted
 * strings or identifiers), so the two stores' statements read alike; and a name, so each
 * connection parses and plans a text once and reuses it (a small look-up spends most of its time
 * being planned otherwise: about 1.7 ms against 0.2). Texts of several statements (a schema's
 * DDL) stay unnamed, as a prepared statement holds one. Each text is converted once. */
interface Prepared {
  text: string;
  name: string | undefined;
}
const prepared = new Map<string, Prepared>();
export function placeholders(text: string): Prepared {
  let out = prepared.get(text);
  if (out === undefined) {
    let n = 0;
    const numbered = text.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (m) => (m === '?' ? `$${++n}` : m));
    const single = !numbered
      .replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"/g, '')
      .replace(/;\s*$/, '')
      .includes(';');
    out = { text: numbered, name: single ? nameOf(numbered) : undefined };
    prepared.set(text, out);
  }
  return out;
}

/** The name a statement text is prepared under, on every connection alike. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) names.set(text, (name = `cairn_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return name;
}

export class Sql {
  constructor(
    private readonly pool: pg.Pool,
    private readonly inside: AsyncLocalStorage<Transaction>,
    /** Settles when the schema is current: every statement waits for it. */
    private readonly ready: () => Promise<void>,
  ) {}

  /**
   * A statement on the transaction the caller is inside, after those already sent on it, or on the
   * pool. A connection answers one statement at a time: statements sent together (Promise.all in a
   * transaction) wait their turn here, not in the driver, which warns of them and will refuse them
   * from pg 9.
   */
  private send(config: pg.QueryConfig | pg.QueryArrayConfig): Promise<pg.QueryResult> {
    const tx = this.inside.getStore();
    return tx ? inTurn(tx, () => tx.client.query(config)) : this.pool.query(config);
  }

  async rows<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    await this.ready();
    return (await this.send({ ...placeholders(text), values: params as unknown[] })).rows as T[];
  }

  async one<T>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.rows<T>(text, params))[0];
  }

  /** The first column of the first row, or undefined. */
  async value<T>(text: string, params: readonly unknown[] = []): Promise<T | undefined> {
    await this.ready();
    const r = await this.send({ ...placeholders(text), values: params as unknown[], rowMode: 'array' });
    return (r.rows[0] as unknown[] | undefined)?.[0] as T | undefined;
  }

  /** A connection of the pool for the caller alone, outside every transaction, until it releases it:
   * what holds a session-level advisory lock across many transactions (run-locks.ts). */
  async connection(): Promise<pg.PoolClient> {
    await this.ready();
    return this.pool.connect();
  }

  /** A statement as Kysely compiled it ($1… already): named like the others, so a connection plans it once. */
  async compiled(text: string, params: readonly unknown[]): Promise<pg.QueryResult> {
    await this.ready();
    return this.send({ text, name: nameOf(text), values: params as unknown[] });
  }

  /**
   * `COPY … FROM STDIN` (text format) of `lines`, each a row ending in a newline, on the caller's
   * transaction: what loads hundreds of thousands of rows several times faster than an INSERT of
   * unnested arrays, whose literals the server parses again. `text`: rows in COPY's text format,
   * a chunk of rows at a time.
   */
  async copyIn(statement: string, text: Iterable<string>): Promise<void> {
    await this.ready();
    const tx = this.inside.getStore();
    if (tx?.kind === 'read') throw new Error('COPY FROM writes: not inside a read of the store');
    const client = tx?.client ?? (await this.pool.connect());
    let failed: Error | undefined;
    try {
      const copy = () => pipeline(Readable.from(text), client.query(copyFrom(statement)));
      await (tx ? inTurn(tx, copy) : copy());
    } catch (err) {
      failed = err as Error;
      throw err;
    } finally {
      // a connection whose COPY broke off is not handed to the next caller
      if (!tx) client.release(failed);
    }
  }

  /** Runs a statement; returns how many rows it changed. */
  async run(text: string, params: readonly unknown[] = []): Promise<number> {
    await this.ready();
    return (await this.send({ ...placeholders(text), values: params as unknown[] })).rowCount ?? 0;
  }
}
