// LinkRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { LinkRepo } from '../links.ts';

export class SqliteLinks implements LinkRepo {
  constructor(private readonly db: Db) {}
}
