// AuditRepo written once: the audit log, each entry with the bytes it replaced. In SQLite the table
// is in the history file, found unqualified (sqlite/history.ts); in PostgreSQL it is in the same
// database as the index. Either way the entry a write appends is in that write's transaction,
// committed before the file is renamed (audit.ts says why).
import { sql, type Generated, type SqlBool } from 'kysely';
import type { AuditEntry } from '../../../../shared/page.ts';
import type { AuditFilter, AuditRecord, AuditRepo } from '../audit.ts';
import type { Query } from './query.ts';

export interface AuditTables {
  audit: {
    id: Generated<number>;
    at: string;
    actor: string;
    action: AuditEntry['action'];
    root: string;
    path: string;
    key: string;
    hash_before: string | null;
    hash_after: string | null;
    text_before: Buffer | null;
    detail: string | null;
    undoes: number | null;
  };
}

/** An entry's columns as the log shows them; undoneBy: an undo counts while it stands, so a redo (the undo undone) unmarks the entry. */
const ENTRY = [
  'id',
  'at',
  'actor',
  'action',
  'root',
  'path',
  'key',
  'hash_before as hashBefore',
  'hash_after as hashAfter',
  'detail',
  'undoes',
  sql<boolean | number>`(hash_before IS NULL OR text_before IS NOT NULL)`.as('undoable'),
  sql<number | null>`(SELECT max(u.id) FROM audit u WHERE u.undoes = audit.id AND NOT EXISTS (SELECT 1 FROM audit r WHERE r.undoes = u.id))`.as('undoneBy'),
] as const;

/** SQLite answers the test 0 or 1, PostgreSQL false or true. */
const toEntry = <R extends { undoable: boolean | number }>(r: R): Omit<R, 'undoable'> & { undoable: boolean } => ({ ...r, undoable: Boolean(r.undoable) });

export class Audit implements AuditRepo {
  constructor(private readonly q: Query) {}

  async append(r: AuditRecord): Promise<number> {
    const row = await this.q.db
      .insertInto('audit')
      .values({
        at: new Date().toISOString(),
        actor: r.actor,
        action: r.action,
        root: r.root,
        path: r.path,
        key: r.key,
        hash_before: r.hashBefore,
        hash_after: r.hashAfter,
        text_before: r.textBefore,
        detail: r.detail ?? null,
        undoes: r.undoes ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async withdraw(id: number): Promise<void> {
    await this.q.db.deleteFrom('audit').where('id', '=', id).execute();
  }

  async addDetail(id: number, detail: string): Promise<void> {
    await this.q.db
      .updateTable('audit')
      .set({ detail: sql<string>`CASE WHEN detail IS NULL THEN ${detail} ELSE detail || '; ' || ${detail} END` })
      .where('id', '=', id)
      .execute();
  }

  async list(f: AuditFilter): Promise<AuditEntry[]> {
    let rows = this.q.db.selectFrom('audit').select(ENTRY);
    if (f.actor !== undefined) rows = rows.where('actor', '=', f.actor);
    if (f.key !== undefined) rows = rows.where(this.q.dialect.sameText(sql.ref('key'), sql.val(f.key)));
    if (f.action !== undefined) rows = rows.where('action', '=', f.action as AuditEntry['action']);
    return (await rows.orderBy('id', 'desc').limit(f.limit).execute()).map(toEntry);
  }

  async entry(id: number): Promise<(AuditEntry & { textBefore: Buffer | null }) | null> {
    const row = await this.q.db
      .selectFrom('audit')
      .select([...ENTRY, 'text_before as textBefore'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? toEntry(row) : null;
  }

  async latestOn(root: string, path: string): Promise<Pick<AuditEntry, 'at' | 'hashBefore' | 'hashAfter'> | null> {
    // the row bound names the (path, root, id) index: PostgreSQL's planner, taking a file's many
    // entries for spread evenly, walked the whole log back by id to the file's newest otherwise
    // (6.8 ms a write with 100,000 entries since it; 0.03 ms by the index: build/bench/audit-latest.ts)
    const row = await this.q.db
      .selectFrom('audit')
      .select(['at', 'hash_before as hashBefore', 'hash_after as hashAfter'])
      .where('path', '=', path)
      .where('root', '=', root)
      .where(sql<SqlBool>`(path, root, id) <= (${path}, ${root}, CAST(${Number.MAX_SAFE_INTEGER} AS BIGINT))`)
      .orderBy('path', 'desc')
      .orderBy('root', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async laterOn(entry: Pick<AuditEntry, 'id' | 'root' | 'path'>): Promise<AuditEntry[]> {
    const rows = await this.q.db
      .selectFrom('audit')
      .select(ENTRY)
      .where('path', '=', entry.path)
      .where('root', '=', entry.root)
      .where('id', '>', entry.id)
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toEntry);
  }
}
