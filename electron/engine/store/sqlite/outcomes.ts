// OutcomeRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { OutcomeRepo } from '../outcomes.ts';

export class SqliteOutcomes implements OutcomeRepo {
  constructor(private readonly db: Db) {}
}
