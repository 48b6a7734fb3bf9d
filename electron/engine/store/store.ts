// The index as the engine sees it: one repository per thing it keeps, behind interfaces that are
// asynchronous so that a store over the network (PostgreSQL) fits beside the embedded SQLite one.
// Engine modules take a Store (or the repositories they need), never a database handle; every SQL
// statement lives under store/.
import type { AttachmentRepo } from './attachments.ts';
import type { AuditRepo } from './audit.ts';
import type { StoreCluster } from './cluster.ts';
import type { ChunkRepo } from './chunks.ts';
import type { ConceptRepo } from './concepts.ts';
import type { LexicalRepo } from './lexical.ts';
import type { LinkRepo } from './links.ts';
import type { OutcomeRepo } from './outcomes.ts';
import type { PageRepo } from './pages.ts';
import type { RegistryRepo } from './registry.ts';
import type { RunRepo } from './runs.ts';
import type { StaleRepo } from './staleness.ts';
import type { VectorRepo } from './vectors.ts';

export const JOINED_AFTER_COMMIT = 'a write that acts after its commit cannot join another write: it would act before the outer one commits';

/** How a write transaction waits, and what it locks. */
export interface WriteOptions {
  /** How long to wait for another writer before failing with `busy` (default: write-lock.ts lockWaitMs). */
  waitMs?: number;
  /**
   * The one page file the write changes (a logged write of a page, never the index): a store
   * shared by many servers (PostgreSQL) then locks only that page, so writes of other pages go on
   * beside it; the embedded store has one lock for everything.
   */
  page?: { root: string; path: string };
  /**
   * The write changes only rows these names stand for, which every other write of them names too
   * (a run's own row, some pages' staleness records): a store shared by many servers then lets it
   * go beside other servers' index writes, locking each name instead of the whole index (a write
   * of the whole index still waits for it, and it for one). The embedded store has one lock for
   * everything.
   */
  rows?: readonly string[];
  /**
   * Runs once the transaction has committed, before this process's next write of the same lock
   * begins: what must follow what the write committed (a logged write's rename, once its audit
   * entry is safely in the database). Not for a write inside another write (refused).
   */
  afterCommit?: () => void;
}

export interface Store {
  readonly pages: PageRepo;
  readonly chunks: ChunkRepo;
  readonly links: LinkRepo;
  readonly concepts: ConceptRepo;
  readonly runs: RunRepo;
  readonly audit: AuditRepo;
  readonly registry: RegistryRepo;
  readonly outcomes: OutcomeRepo;
  readonly vectors: VectorRepo;
  readonly lexical: LexicalRepo;
  /** Curation's stale records (a table of their own, derived after every run, read by the review screens). */
  readonly staleness: StaleRepo;
  readonly attachments: AttachmentRepo;
  /** The other servers sharing the store, and which of them leads (store/cluster.ts). */
  readonly cluster: StoreCluster;
  /** The index can be searched but not written (a read-only file or folder). */
  readonly readOnly: boolean;
  close(): Promise<void>;
  /**
   * After a run that wrote many pages: lets the database plan its queries on the tables as they
   * now are. PostgreSQL's planner needs statistics (ANALYZE, waited for; a VACUUM after it is not):
   * on a freshly indexed SciFact its lexical search is ~4× slower until autovacuum comes by. SQLite's plans for these queries
   * were measured without statistics, so it has nothing to do. Best effort: it never fails, since
   * what called it has landed.
   */
  refreshStatistics(): Promise<void>;
  /**
   * Runs `fn` (a run's page phase, many write transactions) with SQLite's write-ahead log left to
   * grow: folding it back every thousand pages costs a full index more than its writes. PostgreSQL
   * checkpoints on its own schedule, whoever writes: it just runs `fn`.
   */
  withoutCheckpoints<T>(fn: () => Promise<T>): Promise<T>;
  /** Folds SQLite's write-ahead log back into the index, after a run that wrote much (PostgreSQL:
   * nothing, its checkpointer does, and a client's CHECKPOINT needs superuser rights). */
  checkpoint(): Promise<void>;
  /**
   * Runs `fn` as one write transaction: all of it lands or none. It waits (without blocking the
   * event loop) while another process writes; writes of this process run one at a time. A call
   * inside `fn` joins the transaction. `fn` should await only the store: the lock is held
   * until it returns.
   */
  write<T>(fn: (tx: Store) => Promise<T>, options?: WriteOptions): Promise<T>;
  /**
   * Runs `fn` over one consistent snapshot: a write landing meanwhile (in any process) is seen by
   * all of its reads or none. Inside a write it is that write's view. `fn` should await only the store.
   */
  read<T>(fn: (tx: Store) => Promise<T>): Promise<T>;
}
