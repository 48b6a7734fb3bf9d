// The audit log (in the history file): entries with the bytes they replaced.
// The interface every store implements (SQLite today: sqlite/audit.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { AuditEntry } from '../../../shared/page.ts';

export interface AuditRecord {
  actor: string;
  action: AuditEntry['action'];
  root: string;
  path: string;
  key: string;
  hashBefore: string | null;
  hashAfter: string | null;
  /** The file's bytes before the write; null when it created the file. */
  textBefore: Buffer | null;
  detail?: string | null | undefined;
  /** For an undo: the entry it reverses. */
  undoes?: number | null | undefined;
}

export interface AuditFilter {
  actor?: string | undefined;
  /** Any case. */
  key?: string | undefined;
  action?: string | undefined;
  limit: number;
}

export interface AuditRepo {
  /**
   * Call inside the write's transaction; the file is renamed only once it has committed; returns
   * the entry's id. Why that order: a COMMIT can fail (a full disk is found only then), and a file
   * renamed before it would be a write answered as failed that landed, with no entry to undo it. An
   * entry that cannot be committed fails the write before anything lands; a rename that fails after
   * it withdraws the entry. In SQLite the transaction spans two files (the index and the history,
   * attached) and under WAL is atomic per file only: SQLite commits the index first, then the
   * history. The index holds nothing of a write's log, so a crash between the two commits loses
   * only index rows the next run derives again from the page. What remains is a crash between the
   * commit and the rename: an entry for a write that did not land, which undo refuses (the file is
   * not what the entry left).
   */
  append(r: AuditRecord): Promise<number>;
  /** Takes back the entry of a write whose file could not be put in place after the entry was
   * committed (logged-write.ts): that write did not happen. */
  withdraw(id: number): Promise<void>;
  /** Adds to an entry's detail what its write found only once it landed (a conflict copy kept). */
  addDetail(id: number, detail: string): Promise<void>;
  /** Newest first. */
  list(filter: AuditFilter): Promise<AuditEntry[]>;
  /** One entry with the bytes it replaced. */
  entry(id: number): Promise<(AuditEntry & { textBefore: Buffer | null }) | null>;
  /** The entries for the same file logged after `entry`, newest first (any key: the registry's
   * decisions on several claims share one file). */
  laterOn(entry: Pick<AuditEntry, 'id' | 'root' | 'path'>): Promise<AuditEntry[]>;
  /** The file's newest entry: when it was logged and the hashes it went from and to. */
  latestOn(root: string, path: string): Promise<Pick<AuditEntry, 'at' | 'hashBefore' | 'hashAfter'> | null>;
}
