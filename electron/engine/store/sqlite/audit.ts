// AuditRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { AuditRepo } from '../audit.ts';

export class SqliteAudit implements AuditRepo {
  constructor(private readonly db: Db) {}
}
