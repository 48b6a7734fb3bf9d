// SCAFFOLD (issue 22, removed when the last repository lands): a repository of the PostgreSQL
// store not written yet, whose every method fails saying so.
import type { Sql } from './sql.ts';

export function notBuilt<R extends object>(area: string): new (sql: Sql) => R {
  return class {
    constructor(_sql: Sql) {
      const fail = (name: string) => () => Promise.reject(new Error(`the PostgreSQL store's ${area}.${name} is not built yet`));
      return new Proxy({}, { get: (_t, p) => (typeof p === 'string' && p !== 'then' ? fail(p) : undefined) }) as R;
    }
  } as unknown as new (sql: Sql) => R;
}
