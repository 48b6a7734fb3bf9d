// The one place a store is chosen: a postgres:// or postgresql:// location is the PostgreSQL
// store a team's servers share; anything else is a file path, the embedded SQLite index.
import { openPgStore } from './postgres/pg-store.ts';
import { isPostgresUrl } from '../config/pg-url.ts';
import { openSqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

export function openStore(location: string): Store {
  return isPostgresUrl(location) ? openPgStore(location) : openSqliteStore(location);
}
