// The audit log: appended in the same write transaction as the write it records, read newest first.
// It keeps the bytes each write replaced, so any logged write can be undone while the file is as
// that write left it. It lives in the history file (store/history.ts), not in the index: deleting
// or rebuilding the index keeps it.
import type { AuditEntry } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';

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
}

/**
 * Call inside the write's transaction, before the file is renamed; returns the entry's id.
 * Why that order: a write has landed once its file is renamed, and the only step after the rename
 * must be COMMIT. An entry that cannot be written (a full disk, a damaged history file) then fails
 * the write before anything lands, and a failed rename rolls the entry back. The transaction spans
 * two files (the index and the history, attached) and under WAL is atomic per file only: SQLite
 * commits the index first, then the history. The index holds nothing of a write's log, so a crash
 * between the two commits loses only index rows the next run derives again from the page; what
 * remains is the instant between the rename and the history's commit, as with one file.
 */
export function appendAudit(db: Db, r: AuditRecord): number {
  const info = db
    .prepare(`INSERT INTO audit (at, actor, action, root, path, key, hash_before, hash_after, text_before, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(new Date().toISOString(), r.actor, r.action, r.root, r.path, r.key, r.hashBefore, r.hashAfter, r.textBefore, r.detail ?? null);
  return Number(info.lastInsertRowid);
}

const COLUMNS = `id, at, actor, action, root, path, key, hash_before AS hashBefore, hash_after AS hashAfter, detail,
  (hash_before IS NULL OR text_before IS NOT NULL) AS undoable`;

type Row = Omit<AuditEntry, 'undoable'> & { undoable: number };
const toEntry = (r: Row): AuditEntry => ({ ...r, undoable: r.undoable === 1 });

export function readAudit(db: Db, filter: { actor?: string | undefined; key?: string | undefined; action?: string | undefined; limit: number }): AuditEntry[] {
  const rows = db
    .prepare(
      `SELECT ${COLUMNS} FROM audit
       WHERE (@actor IS NULL OR actor = @actor) AND (@key IS NULL OR lower(key) = lower(@key)) AND (@action IS NULL OR action = @action)
       ORDER BY id DESC LIMIT @limit`,
    )
    .all({ actor: filter.actor ?? null, key: filter.key ?? null, action: filter.action ?? null, limit: filter.limit }) as Row[];
  return rows.map(toEntry);
}

/** One entry with the bytes it replaced. */
export function auditEntry(db: Db, id: number): (AuditEntry & { textBefore: Buffer | null }) | null {
  const row = db.prepare(`SELECT ${COLUMNS}, text_before AS textBefore FROM audit WHERE id = ?`).get(id) as (Row & { textBefore: Buffer | null }) | undefined;
  return row ? { ...toEntry(row), textBefore: row.textBefore } : null;
}
