// One SQLite connection per process: WAL so readers never wait for the indexer,
// a busy timeout so a second process (CLI beside the app) waits instead of failing.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { migrate } from './migrations.ts';

export type Db = Database.Database;

export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Db;
  try {
    db = new Database(file, nativeBinding());
  } catch (err) {
    throw new Error(`cannot open the index database ${file}: ${(err as Error).message}`);
  }
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  // 64 MB of page cache: a full index rewrites the FTS segments and b-trees many times over
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  db.loadExtension(outsideAsar(sqliteVec.getLoadablePath()));
  migrate(db);
  return db;
}

/** Runs `fn` in one transaction: every multi-row write is all-or-nothing. */
export function inTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn)();
}

/** The desktop app in development loads better-sqlite3 built for Electron's ABI from its own folder
 * (build/electron/native.mjs, set by electron/main); everything else uses the package's Node build. */
function nativeBinding(): Database.Options {
  const binding = process.env.CAIRN_SQLITE_BINDING;
  return binding ? { nativeBinding: binding } : {};
}

/** SQLite opens extensions itself, bypassing Electron's asar support: in a packaged app the file
 * is the unpacked copy beside app.asar (electron-builder's asarUnpack). */
function outsideAsar(file: string): string {
  return file.replace(/([\\/]app\.asar)([\\/])/, '$1.unpacked$2');
}
