// RunRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { RunRepo } from '../runs.ts';

export class SqliteRuns implements RunRepo {
  constructor(private readonly db: Db) {}
}
