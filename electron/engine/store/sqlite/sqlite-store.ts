// The embedded store: every repository over one better-sqlite3 connection (the index file with
// the history file attached). Its methods run synchronously and answer resolved promises.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../database.ts';
import type { Store } from '../store.ts';
import { beginImmediate, lockWaitMs } from '../write-lock.ts';
import { SqliteAudit } from './audit.ts';
import { SqliteChunks } from './chunks.ts';
import { SqliteConcepts } from './concepts.ts';
import { SqliteLexical } from './lexical.ts';
import { SqliteLinks } from './links.ts';
import { SqliteOutcomes } from './outcomes.ts';
import { SqlitePages } from './pages.ts';
import { SqliteRegistry } from './registry.ts';
import { SqliteRuns } from './runs.ts';
import { SqliteStaleness } from './staleness.ts';
import { SqliteVectors } from './vectors.ts';

const stores = new WeakMap<Db, SqliteStore>();

/** The one store of a connection: its repositories prepare their statements once, and its writes queue together. */
export function sqliteStore(db: Db): SqliteStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new SqliteStore(db)));
  return store;
}

export class SqliteStore implements Store {
  readonly pages: SqlitePages;
  readonly chunks: SqliteChunks;
  readonly links: SqliteLinks;
  readonly concepts: SqliteConcepts;
  readonly runs: SqliteRuns;
  readonly audit: SqliteAudit;
  readonly registry: SqliteRegistry;
  readonly outcomes: SqliteOutcomes;
  readonly vectors: SqliteVectors;
  readonly lexical: SqliteLexical;
  readonly staleness: SqliteStaleness;
  /** The transaction the running code is inside, if any: a write called within it joins it. */
  private readonly inside = new AsyncLocalStorage<true>();
  /** The end of the queue of this process's writes: one connection holds one transaction at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly db: Db) {
    this.pages = new SqlitePages(db);
    this.chunks = new SqliteChunks(db);
    this.links = new SqliteLinks(db);
    this.concepts = new SqliteConcepts(db);
    this.runs = new SqliteRuns(db);
    this.audit = new SqliteAudit(db);
    this.registry = new SqliteRegistry(db);
    this.outcomes = new SqliteOutcomes(db);
    this.vectors = new SqliteVectors(db);
    this.lexical = new SqliteLexical(db);
    this.staleness = new SqliteStaleness(db);
  }

  write<T>(fn: (tx: Store) => Promise<T>, waitMs = lockWaitMs()): Promise<T> {
    if (this.inside.getStore()) return fn(this);
    const run = this.queue.then(() => this.inside.run(true, () => this.transaction(fn, waitMs)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async transaction<T>(fn: (tx: Store) => Promise<T>, waitMs: number): Promise<T> {
    await beginImmediate(this.db, waitMs);
    try {
      const out = await fn(this);
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
  }
}

/** A transaction whose body is synchronous, for code not yet moved onto the repositories: it
 * queues with the store's own writes. */
export function writeTransaction<T>(db: Db, fn: () => T, waitMs = lockWaitMs()): Promise<T> {
  return sqliteStore(db).write(async () => fn(), waitMs);
}
