// One SQLite connection per process: WAL so readers never wait for a writer. Writers in other
// processes are waited for asynchronously (write-lock.ts), so the busy timeout that blocks the
// thread stays short once the database is open. The history file (store/sqlite/history.ts) is attached
// to the same connection, so one write transaction and its lock cover both.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import * as sqliteVec from 'sqlite-vec';
import { CairnError } from '../../../../shared/errors.ts';
import { attachHistory, HistoryDamaged, historyFileOf } from './history.ts';
import { migrate } from './migrations.ts';
import { DatabaseLocked, isBusy } from './write-lock.ts';

export type Db = Database.Database;

/** Opening and migrating may wait this long for another process (it is rare and brief). */
const OPEN_BUSY_MS = 5000;
/** After opening: a read or a lock attempt blocks the thread at most this long; writes then retry asynchronously. */
const BUSY_MS = 20;
/** A reader thread's wait for a lock before its read fails. */
const READER_BUSY_MS = 30_000;

/** The index file is damaged or is not a Cairn index. It is only an index: the pages rebuild it,
 * and what they cannot is in the history file beside it (store/sqlite/history.ts). */
export class IndexDamaged extends CairnError {
  constructor(file: string, detail: string) {
    super(
      'damaged',
      `the index database ${file} is damaged or not a Cairn index (SQLite: ${detail}). ` +
        'It is only an index: deleting it removes only what Cairn rebuilds from your pages (search, links, concepts, staleness, the skill registry), ' +
        `so delete it (with its -wal and -shm files) and Cairn rebuilds it, or pass --db with another file; ` +
        `the audit log (and so undo), the queries agents asked and their outcomes are in ${historyFileOf(file)}: keep that file`,
    );
    this.name = 'IndexDamaged';
  }
}

export function isDamage(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** `err` as the error a user should see: a damaged index is named with what to do about it, and a
 * lock another process held past the busy timeout is `busy` (try again), not a failure. */
export function explainDbError(file: string, err: unknown): unknown {
  if (isDamage(err)) return damageIn(file, (err as Error).message);
  if (isBusy(err)) return new DatabaseLocked(file, null);
  return err;
}

export function openDatabase(file: string): Db {
  const history = historyFileOf(file);
  const readonly = file !== ':memory:' && !(canWrite(file) && canWrite(history));
  if (!readonly && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Db | null = null;
  try {
    db = new Database(file, { ...nativeBinding(), readonly, fileMustExist: readonly });
    db.pragma(`busy_timeout = ${OPEN_BUSY_MS}`);
    if (!readonly) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    // 64 MB of page cache: a full index rewrites the FTS segments and b-trees many times over
    db.pragma('cache_size = -65536');
    db.pragma('temp_store = MEMORY');
    db.loadExtension(outsideAsar(sqliteVec.getLoadablePath()));
    attachHistory(db, history, isDamage);
    migrate(db);
    db.pragma(`busy_timeout = ${BUSY_MS}`);
    return db;
  } catch (err) {
    db?.close();
    if (err instanceof HistoryDamaged) throw err;
    if (isDamage(err)) throw damageIn(file, (err as Error).message);
    if ((err as { code?: string }).code === 'SQLITE_READONLY_DIRECTORY') {
      throw new Error(
        `cannot read the index database ${file}: its folder is read-only, and SQLite must create ${path.basename(file)}-shm beside it to read an index; copy the database to a folder you can write and pass --db`,
      );
    }
    throw new Error(`cannot open the index database ${file}${readonly ? ' (read-only)' : ''}: ${(err as Error).message}`);
  }
}

/** Which of the two files a damage error came from (SQLite does not say): the history file is
 * checked, on this path only, so that no one deletes an index for the history's damage. */
function damageIn(file: string, detail: string): CairnError {
  const history = historyFileOf(file);
  if (history === ':memory:' || !fs.existsSync(history)) return new IndexDamaged(file, detail);
  try {
    const db = new Database(history, { ...nativeBinding(), readonly: true, fileMustExist: true });
    try {
      if (db.pragma('quick_check', { simple: true }) === 'ok') return new IndexDamaged(file, detail);
    } finally {
      db.close();
    }
  } catch (err) {
    // a history we cannot open to check (a read-only folder, say) is not known to be damaged
    if (!isDamage(err)) return new IndexDamaged(file, detail);
  }
  return new HistoryDamaged(history, detail);
}

/** A connection for a reader thread (read-pool.ts): read-only, never migrating (the writer's
 * connection did), each statement reading the last committed state. Blocking its own thread is
 * harmless, so it waits long for the rare lock a WAL reader meets (a checkpoint, another process
 * in exclusive locking mode) instead of failing the read. */
export function openReadConnection(file: string): Db {
  const db = new Database(file, { ...nativeBinding(), readonly: true, fileMustExist: true });
  try {
    db.pragma(`busy_timeout = ${READER_BUSY_MS}`);
    db.pragma('cache_size = -16384');
    db.loadExtension(outsideAsar(sqliteVec.getLoadablePath()));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** A connection with none of Cairn's settings, as another program would hold it (tests stand in
 * for one with it): the same native build as openDatabase, so it works on every Node line. */
export function openBareConnection(file: string, options: Database.Options = {}): Db {
  return new Database(file, { ...nativeBinding(), ...options });
}

/** A database we may not write (a read-only file or folder, another user's index) is opened for reading:
 * search, links and pages still work; indexing says why it cannot. */
function canWrite(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    fs.accessSync(path.dirname(file), fs.constants.W_OK);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** The binary npm start names for the desktop app (build/electron/native.mjs: better-sqlite3's own
 * Node-API one, which Electron loads as Node does); otherwise the package's default. */
function nativeBinding(): Database.Options {
  const binding = process.env.CAIRN_SQLITE_BINDING;
  return binding ? { nativeBinding: binding } : {};
}

/** SQLite opens extensions itself, bypassing Electron's asar support: in a packaged app the file
 * is the unpacked copy beside app.asar (electron-builder's asarUnpack). */
function outsideAsar(file: string): string {
  return file.replace(/([\\/]app\.asar)([\\/])/, '$1.unpacked$2');
}
