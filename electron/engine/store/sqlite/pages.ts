// PageRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { PageRepo } from '../pages.ts';

export class SqlitePages implements PageRepo {
  constructor(private readonly db: Db) {}
}
