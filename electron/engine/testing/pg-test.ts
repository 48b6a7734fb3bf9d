// What a test needs of PostgreSQL: the throwaway cluster the test run started (vitest's global
// setup, testing/pg-global-setup.ts), a fresh database in it per test, and the stores to run a
// store's tests against: SQLite always, PostgreSQL where it is installed.
import { inject } from 'vitest';
import pg from 'pg';
import { PG_MISSING } from './pg-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The admin URL of the run's cluster; null where PostgreSQL is not installed. */
    pgAdminUrl: string | null;
  }
}

export type StoreKind = 'sqlite' | 'postgres';

export function pgAdminUrl(): string | null {
  return inject('pgAdminUrl') ?? null;
}

let saidMissing = false;

/** The stores a store's tests run against. Where PostgreSQL is missing, says so once per file
 * (a file asks once per describe that runs on each store). */
export function storeKinds(): StoreKind[] {
  if (pgAdminUrl()) return ['sqlite', 'postgres'];
  if (!saidMissing) console.warn(PG_MISSING);
  saidMissing = true;
  return ['sqlite'];
}

let n = 0;

/** An empty database of its own in the run's cluster; its URL. */
export async function freshPgDatabase(): Promise<string> {
  const admin = pgAdminUrl();
  if (!admin) throw new Error(PG_MISSING);
  const name = `cairn_t${process.pid}_${Date.now().toString(36)}_${n++}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}
