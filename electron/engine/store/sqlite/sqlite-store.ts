// The embedded store: every repository over one better-sqlite3 connection (the index file with
// the history file attached). Its methods run synchronously and answer resolved promises.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ALONE } from '../cluster.ts';
import { openDatabase, type Db } from './database.ts';
import { JOINED_AFTER_COMMIT, type Store, type WriteOptions } from '../store.ts';
import { beginImmediate } from './write-lock.ts';
import { lockWaitMs } from '../lock-wait.ts';
import { Attachments } from '../common/attachments.ts';
import { Audit } from '../common/audit.ts';
import { Chunks } from '../common/chunks.ts';
import { Concepts } from '../common/concepts.ts';
import { sqliteConceptSql } from './concept-sql.ts';
import { SqliteLexical } from './lexical.ts';
import { Links } from '../common/links.ts';
import { Outcomes } from '../common/outcomes.ts';
import { Runs } from '../common/runs.ts';
import { sqliteQuery } from './query.ts';
import { Pages } from '../common/pages.ts';
import { Registry } from '../common/registry.ts';
import { Staleness } from '../common/staleness.ts';
import { SqliteVectors } from './vectors.ts';

const stores = new WeakMap<Db, SqliteStore>();

/** Opens (creating or migrating) the index file and its history as the embedded store. */
export function openSqliteStore(file: string): SqliteStore {
  return sqliteStore(openDatabase(file));
}

/** The one store of a connection: its repositories prepare their statements once, and its writes queue together. */
export function sqliteStore(db: Db): SqliteStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = new SqliteStore(db)));
  return store;
}

export class SqliteStore implements Store {
  readonly pages: Pages;
  readonly links: Links;
  readonly chunks: Chunks;
  readonly concepts: Concepts;
  readonly audit: Audit;
  readonly registry: Registry;
  readonly runs: Runs;
  readonly outcomes: Outcomes;
  readonly vectors: SqliteVectors;
  readonly lexical: SqliteLexical;
  readonly attachments: Attachments;
  readonly staleness: Staleness;
  /** No other server shares a file: this process leads, and tells no one. */
  readonly cluster = ALONE;
  /** The transaction the running code is inside, if any: a write called within a write joins it, a read within either joins it. */
  private readonly inside = new AsyncLocalStorage<'write' | 'read'>();
  /** The end of the queue of this process's writes: one connection holds one transaction at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly db: Db) {
    const query = sqliteQuery(db);
    this.pages = new Pages(query);
    this.concepts = new Concepts(query, sqliteConceptSql(query));
    this.links = new Links(query);
    this.outcomes = new Outcomes(query);
    this.registry = new Registry(query);
    this.audit = new Audit(query);
    this.attachments = new Attachments(query);
    this.chunks = new Chunks(query);
    this.runs = new Runs(query);
    this.vectors = new SqliteVectors(db);
    this.lexical = new SqliteLexical(db);
    this.staleness = new Staleness(query);
  }

  get readOnly(): boolean {
    return this.db.readonly;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  /** Nothing to do: see Store.refreshStatistics. */
  async refreshStatistics(): Promise<void> {}

  async withoutCheckpoints<T>(fn: () => Promise<T>): Promise<T> {
    const autoCheckpoint = this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    this.db.pragma('wal_autocheckpoint = 0');
    try {
      return await fn();
    } finally {
      this.db.pragma(`wal_autocheckpoint = ${autoCheckpoint}`);
    }
  }

  async checkpoint(): Promise<void> {
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /** One lock for everything: `options.page` narrows nothing here. */
  write<T>(fn: (tx: Store) => Promise<T>, { waitMs = lockWaitMs(), afterCommit }: WriteOptions = {}): Promise<T> {
    const inside = this.inside.getStore();
    if (inside === 'write') return afterCommit ? Promise.reject(new Error(JOINED_AFTER_COMMIT)) : fn(this);
    if (inside === 'read') return Promise.reject(new Error('a write cannot start inside a read of the store: its snapshot would be taken over by the write'));
    return this.enqueue(() => this.inside.run('write', () => this.transaction(fn, waitMs, afterCommit)));
  }

  read<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return fn(this);
    // queued with the writes: the connection holds one transaction at a time, and a write's
    // awaits must not see a read's BEGIN (nor a read the write's uncommitted rows)
    return this.enqueue(() => this.inside.run('read', () => this.snapshot(fn)));
  }

  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async snapshot<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    this.db.exec('BEGIN');
    try {
      return await fn(this);
    } finally {
      if (this.db.inTransaction) this.db.exec('COMMIT');
    }
  }

  private async transaction<T>(fn: (tx: Store) => Promise<T>, waitMs: number, afterCommit?: () => void): Promise<T> {
    await beginImmediate(this.db, waitMs);
    let out: T;
    try {
      out = await fn(this);
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    }
    // still this process's one write: the next queued one begins after it
    afterCommit?.();
    return out;
  }
}
