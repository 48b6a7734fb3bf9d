// Statements whose text depends on the request (a search's filters, the length of an IN list) are
// prepared once per distinct text and kept, up to a bound: searches repeat a few shapes, and
// preparing costs more than running most of them (store/sqlite/statements.ts).
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

/** Distinct texts kept per repository: the least recently used goes first. */
const KEPT = 256;

export class StatementsByText {
  private readonly kept = new Map<string, Statement>();

  constructor(private readonly db: Db) {}

  /** The statement for `sql`, prepared on first use. Callers never change its modes (pluck, raw). */
  get(sql: string): Statement {
    let stmt = this.kept.get(sql);
    if (stmt) this.kept.delete(sql);
    else stmt = this.db.prepare(sql);
    this.kept.set(sql, stmt);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return stmt;
  }
}
