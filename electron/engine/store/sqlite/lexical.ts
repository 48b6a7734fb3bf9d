// LexicalRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { LexicalRepo } from '../lexical.ts';

export class SqliteLexical implements LexicalRepo {
  constructor(private readonly db: Db) {}
}
