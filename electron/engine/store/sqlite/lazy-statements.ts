// A repository's fixed statements, each prepared on its first use and kept for the connection:
// preparing costs more than running most of them (store/sqlite/statements.ts), and a reader that asks one
// thing (`cairn page`, a status) should not pay for the statements of a whole indexing run.
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';

/** `texts` by name, as statements prepared when first read. Callers never change their modes (pluck, raw). */
export function lazyStatements<K extends string>(db: Db, texts: Record<K, string>): Record<K, Statement> {
  const out = {} as Record<K, Statement>;
  for (const name of Object.keys(texts) as K[]) {
    Object.defineProperty(out, name, {
      configurable: true,
      enumerable: true,
      get() {
        const stmt = db.prepare(texts[name]);
        Object.defineProperty(out, name, { value: stmt, enumerable: true });
        return stmt;
      },
    });
  }
  return out;
}
