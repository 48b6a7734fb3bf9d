// AuditRepo over PostgreSQL: the audit table is in the same database as the index, so the entry a
// write appends is in that write's transaction, committed before the file is renamed (audit.ts).
import type { AuditEntry } from '../../../../shared/page.ts';
import type { AuditFilter, AuditRecord, AuditRepo } from '../audit.ts';
import type { Sql } from './sql.ts';

// undoneBy: an undo counts while it stands, so a redo (the undo undone) unmarks the entry
const COLUMNS = `id, at, actor, action, root, path, key, hash_before AS "hashBefore", hash_after AS "hashAfter", detail,
  (hash_before IS NULL OR text_before IS NOT NULL) AS undoable, undoes,
  (SELECT max(u.id) FROM audit u WHERE u.undoes = audit.id AND NOT EXISTS (SELECT 1 FROM audit r WHERE r.undoes = u.id)) AS "undoneBy"`;

export class PgAudit implements AuditRepo {
  constructor(private readonly sql: Sql) {}

  async append(r: AuditRecord): Promise<number> {
    const id = await this.sql.value<number>(
      `INSERT INTO audit (at, actor, action, root, path, key, hash_before, hash_after, text_before, detail, undoes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      [new Date().toISOString(), r.actor, r.action, r.root, r.path, r.key, r.hashBefore, r.hashAfter, r.textBefore, r.detail ?? null, r.undoes ?? null],
    );
    return id!;
  }

  async withdraw(id: number): Promise<void> {
    await this.sql.run(`DELETE FROM audit WHERE id = ?`, [id]);
  }

  async addDetail(id: number, detail: string): Promise<void> {
    await this.sql.run(`UPDATE audit SET detail = CASE WHEN detail IS NULL THEN ? ELSE detail || '; ' || ? END WHERE id = ?`, [detail, detail, id]);
  }

  async list(f: AuditFilter): Promise<AuditEntry[]> {
    // lower() of the argument under "C" as the column's: ASCII only, as SQLite's lower()
    return this.sql.rows<AuditEntry>(
      `SELECT ${COLUMNS} FROM audit
       WHERE (?::text IS NULL OR actor = ?) AND (?::text IS NULL OR lower(key) = lower(?::text COLLATE "C")) AND (?::text IS NULL OR action = ?)
       ORDER BY id DESC LIMIT ?`,
      [f.actor ?? null, f.actor ?? null, f.key ?? null, f.key ?? null, f.action ?? null, f.action ?? null, f.limit],
    );
  }

  async entry(id: number): Promise<(AuditEntry & { textBefore: Buffer | null }) | null> {
    return (
      (await this.sql.one<AuditEntry & { textBefore: Buffer | null }>(`SELECT ${COLUMNS}, text_before AS "textBefore" FROM audit WHERE id = ?`, [id])) ?? null
    );
  }

  async laterOn(entry: Pick<AuditEntry, 'id' | 'root' | 'path'>): Promise<AuditEntry[]> {
    return this.sql.rows<AuditEntry>(`SELECT ${COLUMNS} FROM audit WHERE path = ? AND root = ? AND id > ? ORDER BY id DESC`, [
      entry.path,
      entry.root,
      entry.id,
    ]);
  }
}
