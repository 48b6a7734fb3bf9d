// The audit log: appended in the same write transaction as the write it records, read newest first.
import type { AuditEntry } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';

export type AuditRecord = Omit<AuditEntry, 'id' | 'at'>;

/** Call inside a write transaction. */
export function appendAudit(db: Db, r: AuditRecord): void {
  db.prepare(`INSERT INTO audit (at, actor, action, root, path, key, hash_before, hash_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`).run(
    new Date().toISOString(),
    r.actor,
    r.action,
    r.root,
    r.path,
    r.key,
    r.hashBefore,
    r.hashAfter,
  );
}

export function readAudit(db: Db, filter: { actor?: string | undefined; key?: string | undefined; action?: string | undefined; limit: number }): AuditEntry[] {
  return db
    .prepare(
      `SELECT id, at, actor, action, root, path, key, hash_before AS hashBefore, hash_after AS hashAfter FROM audit
       WHERE (@actor IS NULL OR actor = @actor) AND (@key IS NULL OR lower(key) = lower(@key)) AND (@action IS NULL OR action = @action)
       ORDER BY id DESC LIMIT @limit`,
    )
    .all({ actor: filter.actor ?? null, key: filter.key ?? null, action: filter.action ?? null, limit: filter.limit }) as AuditEntry[];
}
