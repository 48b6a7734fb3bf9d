// ConceptRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { ConceptRepo } from '../concepts.ts';

export class SqliteConcepts implements ConceptRepo {
  constructor(private readonly db: Db) {}
}
