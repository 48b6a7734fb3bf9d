// AuditRepo over the SQLite index: its statements are prepared once per connection. The audit
// table is in the history file (store/history.ts), found unqualified.
import type { AuditEntry } from '../../../../shared/page.ts';
import type { Db } from '../database.ts';
import type { AuditFilter, AuditRecord, AuditRepo } from '../audit.ts';
import { statementsOf } from '../statements.ts';

const COLUMNS = `id, at, actor, action, root, path, key, hash_before AS hashBefore, hash_after AS hashAfter, detail,
  (hash_before IS NULL OR text_before IS NOT NULL) AS undoable`;

type Row = Omit<AuditEntry, 'undoable'> & { undoable: number };
const toEntry = (r: Row): AuditEntry => ({ ...r, undoable: r.undoable === 1 });

const statements = (db: Db) => ({
  append: db.prepare(`INSERT INTO audit (at, actor, action, root, path, key, hash_before, hash_after, text_before, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
  list: db.prepare(
    `SELECT ${COLUMNS} FROM audit
     WHERE (@actor IS NULL OR actor = @actor) AND (@key IS NULL OR lower(key) = lower(@key)) AND (@action IS NULL OR action = @action)
     ORDER BY id DESC LIMIT @limit`,
  ),
  entry: db.prepare(`SELECT ${COLUMNS}, text_before AS textBefore FROM audit WHERE id = ?`),
});

export class SqliteAudit implements AuditRepo {
  constructor(private readonly db: Db) {}

  private get sql() {
    return statementsOf(this.db, statements);
  }

  async append(r: AuditRecord): Promise<number> {
    const info = this.sql.append.run(new Date().toISOString(), r.actor, r.action, r.root, r.path, r.key, r.hashBefore, r.hashAfter, r.textBefore, r.detail ?? null);
    return Number(info.lastInsertRowid);
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    const rows = this.sql.list.all({ actor: filter.actor ?? null, key: filter.key ?? null, action: filter.action ?? null, limit: filter.limit }) as Row[];
    return rows.map(toEntry);
  }

  async entry(id: number): Promise<(AuditEntry & { textBefore: Buffer | null }) | null> {
    const row = this.sql.entry.get(id) as (Row & { textBefore: Buffer | null }) | undefined;
    return row ? { ...toEntry(row), textBefore: row.textBefore } : null;
  }
}
