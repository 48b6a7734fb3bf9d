// VectorRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { VectorRepo } from '../vectors.ts';

export class SqliteVectors implements VectorRepo {
  constructor(private readonly db: Db) {}
}
