// The `meta` table (sqlite/meta-table.ts says what it holds), read and written by several repositories.
import type { Sql } from './sql.ts';

export function pgMeta(sql: Sql) {
  return {
    get: async (key: string) => (await sql.value<string>(`SELECT value FROM meta WHERE key = ?`, [key])) ?? null,
    set: async (key: string, value: string) =>
      void (await sql.run(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [key, value])),
    delete: async (key: string) => void (await sql.run(`DELETE FROM meta WHERE key = ?`, [key])),
  };
}
