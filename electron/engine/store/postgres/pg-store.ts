// The store over PostgreSQL, for a team whose servers share one database and one wiki folder:
// every repository over one connection pool. A write or read transaction holds one pooled
// connection for the code inside it (Sql finds it through AsyncLocalStorage); index writes take
// one advisory lock, so they go one at a time across every server, as SQLite's do in one file; a
// logged write of a page takes a lock on that page only, held through its rename, and a write of
// some rows (a run's own, some pages' staleness) the index lock shared and those rows' locks.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { CairnError } from '../../../../shared/errors.ts';
import { JOINED_AFTER_COMMIT, type Store, type WriteOptions } from '../store.ts';
import { lockWaitMs } from '../lock-wait.ts';
import { INDEX_WRITE_LOCK } from './locks.ts';
import { SchemaReady } from './schema-ready.ts';
import { analyzeInTwo } from './analyze.ts';
import { redactUrl } from '../../config/pg-url.ts';
import { Sql, type Transaction } from './sql.ts';
import { Attachments } from '../common/attachments.ts';
import { Audit } from '../common/audit.ts';
import { Chunks } from '../common/chunks.ts';
import { Concepts } from '../common/concepts.ts';
import { pgConceptSql } from './concept-sql.ts';
import { PgLexical } from './lexical.ts';
import { Links } from '../common/links.ts';
import { Outcomes } from '../common/outcomes.ts';
import { Runs } from '../common/runs.ts';
import { pgQuery } from './query.ts';
import { Pages } from '../common/pages.ts';
import { Registry } from '../common/registry.ts';
import { Staleness } from '../common/staleness.ts';
import { RunLocks } from './run-locks.ts';
import { keptCounts } from './index-counts.ts';
import { PgVectors } from './vectors.ts';
import { PgCluster } from './notify-cluster.ts';
import { noticedVectors } from './notify-vectors.ts';
import { PgWaitingWrites } from './waiting-writes.ts';

/**
 * The locks of a write of some rows (WriteOptions.rows): the index lock shared, so a write of the
 * whole index excludes it, then each name's, in the order of their keys so that two such writes
 * never wait for each other crosswise. All are taken before any row is touched: a write waiting
 * here holds no row another waits for.
 */
function rowLocks(c: pg.PoolClient, names: readonly string[]): string {
  const list = names.length ? `ARRAY[${names.map((n) => c.escapeLiteral(`rows:${n}`)).join(', ')}]` : `ARRAY[]::text[]`;
  return `SELECT pg_advisory_xact_lock_shared(${INDEX_WRITE_LOCK});
    SELECT count(pg_advisory_xact_lock(k)::text) FROM (SELECT DISTINCT hashtextextended(n, 0) AS k FROM unnest(${list}) AS n ORDER BY k) AS keys`;
}

/** PostgreSQL's "lock_not_available": lock_timeout ran out. */
const LOCK_TIMEOUT = '55P03';

/** Another server held the lock longer than we wait: nothing was done. */
export class PgLocked extends CairnError {
  constructor(url: string, waitedMs: number) {
    super(
      'busy',
      `the index in ${redactUrl(url)} stayed locked by another server for ${Math.round(waitedMs / 1000)} s; nothing was done: try again when it has finished`,
    );
    this.name = 'PgLocked';
  }
}

/**
 * The store over the database at `url`. It answers at once: connecting and migrating happen
 * before its first statement runs, and a database that cannot be reached fails that statement
 * with an error naming it (without its password); the next one tries again.
 */
export function openPgStore(url: string, poolSize = 10, plans: 'auto' | 'generic' = 'auto'): PgStore {
  // JIT off: Cairn's statements are short, and a fresh index's missing statistics make the planner
  // guess costs that switch JIT on, which then spends 30-500 ms compiling a query that runs in 0.4 ms.
  // Generic plans (for readers): a named statement (sql.ts) is otherwise planned again at each run
  // for as long as custom plans win PostgreSQL's comparison: its first five runs, and for ever for
  // several of Cairn's (`= ANY(?)` over arrays it cannot size). That was 2.0 ms of a search's 12.7 ms
  // inside PostgreSQL on three servers under load (docs/benchmarks.md). A cached plan is made again
  // when the statistics of a table it reads change (ANALYZE: after a run of many pages, or
  // autovacuum's), but not as a table grows between: index runs, which fill young tables, keep
  // custom plans.
  const options = `-c jit=off${plans === 'generic' ? ' -c plan_cache_mode=force_generic_plan' : ''}`;
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'cairn', options });
  // a connection that breaks while idle (the server restarted) is dropped by the pool, not thrown at us
  pool.on('error', () => {});
  // one that breaks while checked out (a transaction, a run's lock) has no listener of the pool's:
  // its 'error' would be thrown and take the process down. Its queries fail instead, and it is not
  // queryable, so the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new PgStore(pool, url);
}

export class PgStore implements Store {
  readonly readOnly = false;
  readonly pages: Pages;
  readonly links: Links;
  readonly chunks: Chunks;
  readonly concepts: Concepts;
  readonly audit: Audit;
  readonly registry: Registry;
  readonly runs: Runs;
  readonly outcomes: Outcomes;
  readonly vectors: PgVectors;
  readonly lexical: PgLexical;
  readonly attachments: Attachments;
  readonly staleness: Staleness;
  readonly cluster: PgCluster;
  readonly sql: Sql;
  private readonly schema: SchemaReady;
  private readonly inside = new AsyncLocalStorage<Transaction>();
  /** This process's index writes wait for the lock on one connection, not on every connection of the pool. */
  private queue: Promise<unknown> = Promise.resolve();

  /** The VACUUM refreshStatistics left running, which closing lets end. */
  private vacuuming: Promise<void> | null = null;

  constructor(
    readonly pool: pg.Pool,
    readonly url: string,
  ) {
    const schema = (this.schema = new SchemaReady(pool, url));
    // migrating starts at once; every statement waits for it, and a failure is reported there
    void schema.wait().catch(() => {});
    const sql = (this.sql = new Sql(pool, this.inside, () => schema.wait()));
    const query = pgQuery(sql);
    this.pages = new Pages(query);
    this.concepts = new Concepts(query, pgConceptSql(sql));
    this.links = new Links(query);
    this.outcomes = new Outcomes(query);
    this.registry = new Registry(query);
    this.audit = new Audit(query);
    this.attachments = new Attachments(query);
    this.chunks = new Chunks(query);
    this.runs = new Runs(query, new RunLocks(sql), () => keptCounts(sql));
    this.cluster = new PgCluster(pool, url, new PgWaitingWrites(sql));
    // a server's in-memory vectors are kept current by notices, not by asking before each search
    this.vectors = noticedVectors(new PgVectors(sql), sql, this.cluster.listener, this.cluster.server);
    this.lexical = new PgLexical(sql);
    this.staleness = new Staleness(query);
  }

  /** Settles once the schema is current; rejects when the database cannot be reached or migrated (the next call tries again). */
  get ready(): Promise<void> {
    return this.schema.wait();
  }

  async close(): Promise<void> {
    await this.schema.settled();
    await this.vacuuming;
    await this.cluster.close();
    await this.pool.end();
  }

  async refreshStatistics(): Promise<void> {
    // outside any transaction (VACUUM cannot run in one); neither takes a lock that blocks reads or
    // writes. Statistics first, waited for: without them the lexical lane's plans are the slow ones
    // (SciFact, lexical p50 right after indexing: none 134 ms, ANALYZE 43 ms). VACUUM after, not
    // waited for, of the postings alone: it marks their new rows all-visible, so they are read by
    // index-only scans (30 ms; 20–28 ms once autovacuum has been by). The whole database's took
    // 0.35 s of interconnected-10k's run, and would hold up closing a large shared one.
    // Best effort: autovacuum does both later, and the run or copy that asks has landed, so a
    // failure here (a dropped connection) must not report it as failed.
    try {
      await this.ready;
      await analyzeInTwo(this.pool);
    } catch {
      // the next statement that needs the database says what is wrong with it
      return;
    }
    this.vacuuming ??= this.pool
      .query('VACUUM chunk_terms')
      .catch(() => {})
      .then(() => void (this.vacuuming = null));
  }

  /** Nothing to hold back: see Store.withoutCheckpoints. */
  withoutCheckpoints<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** Nothing to fold back: see Store.checkpoint. */
  async checkpoint(): Promise<void> {}

  write<T>(fn: (tx: Store) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    const inside = this.inside.getStore();
    if (inside?.kind === 'write') return options.afterCommit ? Promise.reject(new Error(JOINED_AFTER_COMMIT)) : fn(this);
    if (inside?.kind === 'read')
      return Promise.reject(new Error('a write cannot start inside a read of the store: its snapshot would be taken over by the write'));
    const waitMs = options.waitMs ?? lockWaitMs();
    const page = options.page;
    if (page) {
      // a session lock, let go once afterCommit (the rename) has run: another server's write of the
      // page, waiting for it, never checks the file between this one's commit and its rename
      const key = (c: pg.PoolClient) => `hashtextextended(${c.escapeLiteral(JSON.stringify([page.root, page.path]))}, 0)`;
      return this.transaction(
        'write',
        fn,
        waitMs,
        options.afterCommit,
        (c) => `SELECT pg_advisory_lock(${key(c)})`,
        (c) => `SELECT pg_advisory_unlock(${key(c)})`,
      );
    }
    const rows = options.rows;
    if (rows) return this.transaction('write', fn, waitMs, options.afterCommit, (c) => rowLocks(c, rows));
    const next = this.queue.then(() => this.transaction('write', fn, waitMs, options.afterCommit, () => `SELECT pg_advisory_xact_lock(${INDEX_WRITE_LOCK})`));
    this.queue = next.catch(() => undefined);
    return next;
  }

  read<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    if (this.inside.getStore()) return fn(this);
    return this.transaction('read', fn, 0, undefined, null);
  }

  /**
   * One transaction on one pooled connection. A write begins, sets how long any lock in it may be
   * waited for, and takes its lock in one round trip (a server may run ten transactions for one
   * page write, each round trip a few milliseconds on a loaded machine).
   */
  private async transaction<T>(
    kind: Transaction['kind'],
    fn: (tx: Store) => Promise<T>,
    waitMs: number,
    afterCommit: (() => void) | undefined,
    lock: ((c: pg.PoolClient) => string) | null,
    /** Lets go of a session lock `lock` took, once the transaction and afterCommit are done. */
    unlock?: (c: pg.PoolClient) => string,
  ): Promise<T> {
    await this.ready;
    const client = await this.pool.connect();
    let broken: unknown = undefined;
    let runAfterCommit: (() => void) | undefined;
    let locked = false;
    const tx: Transaction = { kind, client, tail: Promise.resolve(), ended: false };
    try {
      if (lock) {
        await client.query(`BEGIN; SET LOCAL lock_timeout = ${Math.max(1, Math.round(waitMs))}; ${lock(client)}`).catch((err: { code?: string }) => {
          throw err.code === LOCK_TIMEOUT ? new PgLocked(this.url, waitMs) : err;
        });
        locked = true;
      } else {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      }
      const out = await this.inside.run(tx, () => fn(this));
      // statements sent and not waited for answer first; a failed one aborted the transaction, and
      // COMMIT would then roll it back without an error
      await tx.tail;
      tx.ended = true;
      if ((await client.query('COMMIT')).command === 'ROLLBACK') throw new Error('a statement of this write failed: nothing was written');
      // before the connection goes back to the pool; the page's lock was released by COMMIT
      // (a write of that page slipping in before the rename is refused: logged-write.ts landing)
      runAfterCommit = afterCommit;
      return out;
    } catch (err) {
      // statements still waiting their turn are refused; the one under way answers first
      tx.ended = true;
      await tx.tail;
      await client.query('ROLLBACK').catch((e: unknown) => (broken = e));
      throw err;
    } finally {
      let releasing = false;
      try {
        // a session lock: the rename first, while the page is still locked, then the lock
        if (unlock) {
          const rename = runAfterCommit;
          runAfterCommit = undefined;
          try {
            rename?.();
          } finally {
            // not waited for: the write is answered once its file is in place, and its connection
            // goes back to the pool once the lock is let go (one that cannot is dropped, and the
            // lock with its session)
            if (locked && !broken) {
              releasing = true;
              client.query(unlock(client)).then(
                () => client.release(),
                (e: Error) => client.release(e),
              );
            }
          }
        }
      } finally {
        // a connection that could not roll back is not handed to the next caller
        if (!releasing) client.release(broken as Error | undefined);
        runAfterCommit?.();
      }
    }
  }
}
