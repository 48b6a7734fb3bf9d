// AuditRepo over the SQLite index: its statements are prepared once per connection. The audit
// table is in the history file (store/sqlite/history.ts), found unqualified.
import type { AuditEntry } from '../../../../shared/page.ts';
import type { Db } from './database.ts';
import type { AuditFilter, AuditRecord, AuditRepo } from '../audit.ts';
import { statementsOf } from './statements.ts';

// undoneBy: an undo counts while it stands, so a redo (the undo undone) unmarks the entry
const COLUMNS = `id, at, actor, action, root, path, key, hash_before AS hashBefore, hash_after AS hashAfter, detail,
  (hash_before IS NULL OR text_before IS NOT NULL) AS undoable, undoes,
  (SELECT max(u.id) FROM audit u WHERE u.undoes = audit.id AND NOT EXISTS (SELECT 1 FROM audit r WHERE r.undoes = u.id)) AS undoneBy`;

type Row = Omit<AuditEntry, 'undoable'> & { undoable: number };
const toEntry = (r: Row): AuditEntry => ({ ...r, undoable: r.undoable === 1 });

const statements = (db: Db) => ({
  append: db.prepare(
    `INSERT INTO audit (at, actor, action, root, path, key, hash_before, hash_after, text_before, detail, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ),
  list: db.prepare(
    `SELECT ${COLUMNS} FROM audit
     WHERE (@actor IS NULL OR actor = @actor) AND (@key IS NULL OR lower(key) = lower(@key)) AND (@action IS NULL OR action = @action)
     ORDER BY id DESC LIMIT @limit`,
  ),
  entry: db.prepare(`SELECT ${COLUMNS}, text_before AS textBefore FROM audit WHERE id = ?`),
  withdraw: db.prepare(`DELETE FROM audit WHERE id = ?`),
  addDetail: db.prepare(`UPDATE audit SET detail = CASE WHEN detail IS NULL THEN @detail ELSE detail || '; ' || @detail END WHERE id = @id`),
  laterOn: db.prepare(`SELECT ${COLUMNS} FROM audit WHERE path = @path AND root = @root AND id > @id ORDER BY id DESC`),
});

export class SqliteAudit implements AuditRepo {
  constructor(private readonly db: Db) {}

  private get sql() {
    return statementsOf(this.db, statements);
  }

  async append(r: AuditRecord): Promise<number> {
    const info = this.sql.append.run(
      new Date().toISOString(),
      r.actor,
      r.action,
      r.root,
      r.path,
      r.key,
      r.hashBefore,
      r.hashAfter,
      r.textBefore,
      r.detail ?? null,
      r.undoes ?? null,
    );
    return Number(info.lastInsertRowid);
  }

  async withdraw(id: number): Promise<void> {
    this.sql.withdraw.run(id);
  }

  async addDetail(id: number, detail: string): Promise<void> {
    this.sql.addDetail.run({ id, detail });
  }

  async list(filter: AuditFilter): Promise<AuditEntry[]> {
    const rows = this.sql.list.all({ actor: filter.actor ?? null, key: filter.key ?? null, action: filter.action ?? null, limit: filter.limit }) as Row[];
    return rows.map(toEntry);
  }

  async entry(id: number): Promise<(AuditEntry & { textBefore: Buffer | null }) | null> {
    const row = this.sql.entry.get(id) as (Row & { textBefore: Buffer | null }) | undefined;
    return row ? { ...toEntry(row), textBefore: row.textBefore } : null;
  }

  async laterOn(entry: Pick<AuditEntry, 'id' | 'root' | 'path'>): Promise<AuditEntry[]> {
    return (this.sql.laterOn.all({ id: entry.id, root: entry.root, path: entry.path }) as Row[]).map(toEntry);
  }
}
