// The `meta` table: small named values of the index (the vectors' model and version, the
// dictionary's generation, flags a later run acts on), read and written by several repositories.
import type { Db } from './database.ts';
import { statementsOf } from './statements.ts';

function make(db: Db) {
  const get = db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck();
  const set = db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  const remove = db.prepare(`DELETE FROM meta WHERE key = ?`);
  return {
    get: (key: string) => (get.get(key) as string | undefined) ?? null,
    set: (key: string, value: string) => void set.run(key, value),
    delete: (key: string) => void remove.run(key),
  };
}

/** The meta table of a connection, its statements prepared once. */
export const metaTable = (db: Db) => statementsOf(db, make);
