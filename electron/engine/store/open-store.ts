// The one place a store is chosen: a postgres:// or postgresql:// location is the PostgreSQL
// store a team's servers share; anything else is a file path, the embedded SQLite index. The
// engine and the doors name no concrete store: what they need of one is here.
import { openPgStore } from './postgres/pg-store.ts';
import { explainPgError } from './postgres/pg-errors.ts';
import { isPostgresUrl } from '../config/pg-url.ts';
import { explainDbError, isDamage, openReadConnection } from './sqlite/database.ts';
import { openSqliteStore, sqliteStore, SqliteStore } from './sqlite/sqlite-store.ts';
import { copyStore, type CopyProgress, type CopyReport } from './copy/store-copy.ts';
import type { Store } from './store.ts';

export function openStore(location: string): Store {
  return isPostgresUrl(location) ? openPgStore(location) : openSqliteStore(location);
}

/** A store for a reader thread: a read-only connection to the file, or a small pool of its own
 * whose connections plan each statement once (pg-store.ts says why). */
export function openReadStore(location: string): Store {
  return isPostgresUrl(location) ? openPgStore(location, 2, 'generic') : sqliteStore(openReadConnection(location));
}

/** Whether reader threads should yield the CPU to writes (thread-priority.ts says why): on
 * PostgreSQL an index write holds a lock every server sharing the database waits for. */
export function readersYieldToWrites(location: string): boolean {
  return isPostgresUrl(location);
}

/** An error of the store at `location` with what to do about it (a damaged file, an unreachable database), or the error as it was. */
export function explainStoreError(location: string, err: unknown): unknown {
  return isPostgresUrl(location) ? explainPgError(location, err) : explainDbError(location, err);
}

/** Whether the error says the index itself is damaged (no lane can answer from it). */
export const isIndexDamage: (err: unknown) => boolean = isDamage;

/** Copies the index file `from` and its history into the empty PostgreSQL database `to`. */
export async function copyFileToPostgres(from: string, to: string, onProgress?: (p: CopyProgress) => void): Promise<CopyReport> {
  const source = openSqliteStore(from);
  const target = openPgStore(to);
  try {
    return await copyStore(source, target, onProgress);
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

/** The embedded store's connection, for tests that look at or damage the index file; null on PostgreSQL. */
export function sqliteConnectionOf(store: Store): SqliteConnection | null {
  return store instanceof SqliteStore ? store.db : null;
}

export type SqliteConnection = SqliteStore['db'];
