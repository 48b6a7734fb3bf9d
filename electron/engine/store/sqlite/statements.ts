// Preparing a statement costs more than running most of ours (SQLite resolves it against a large
// schema: FTS, vec0 and their shadow tables), and every run of a write prepared the same statements
// again: in the profile of `cairn serve` under bench:agents, `prepare` was the largest self time
// after the lock wait. A class whose statements are fixed prepares them once per connection here.
import type { Db } from './database.ts';

const prepared = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();

/**
 * What `make(db)` prepares, made once per connection. `make` is the key, so it must be a
 * module-level function. Every caller shares the statements: none may change their modes (pluck,
 * raw) after `make`, nor keep one iterating across an await.
 */
export function statementsOf<T>(db: Db, make: (db: Db) => T): T {
  let byMaker = prepared.get(db);
  if (!byMaker) prepared.set(db, (byMaker = new Map()));
  if (!byMaker.has(make)) byMaker.set(make, make(db));
  return byMaker.get(make) as T;
}
