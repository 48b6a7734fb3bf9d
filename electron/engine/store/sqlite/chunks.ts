// ChunkRepo over the SQLite index: its statements are prepared once per connection.
import type { Db } from '../database.ts';
import type { ChunkRepo } from '../chunks.ts';

export class SqliteChunks implements ChunkRepo {
  constructor(private readonly db: Db) {}
}
