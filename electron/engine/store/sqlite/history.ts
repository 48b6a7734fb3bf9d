// The history: what Cairn records that no page holds and no run can rebuild — the audit log with
// the bytes each write replaced (so every undo), the recall and expert answers agents got and what
// they said came of them. It lives in its own SQLite file beside the index (`cairn.db` →
// `cairn.history.db`), ATTACHed to the index's connection as `history`, so the index stays
// disposable: deleting it (what a damaged one's message says to do) loses none of this.
//
// The tables keep their names (audit, query_events, query_outcomes) and are found unqualified:
// the index holds none of them any more (migrations.ts moves an old index's rows here, then drops
// them), so SQL that names them reaches the history file.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { CairnError } from '../../../../shared/errors.ts';

/** Undos logged before they named the entry they reversed: matched by the "undid #N (" their detail begins with. */
const MARK_UNDOS_LOGGED_BEFORE = `UPDATE {s}.audit SET undoes = CAST(substr(detail, 8, instr(detail, ' (') - 8) AS INTEGER)
    WHERE undoes IS NULL AND action = 'undo' AND detail LIKE 'undid #% (%';`;

/** Applied in order by `PRAGMA history.user_version`; append, never edit a shipped step. `{s}` is
 * the schema the tables go in: `history`, or `temp` for an empty stand-in (see attachHistory). */
const STEPS: ReadonlyArray<string> = [
  // 1: the three tables as the index held them at its schema 13 (migrations.ts steps 6 and 9)
  `
  CREATE TABLE IF NOT EXISTS {s}.audit (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,                      -- write | create | review | archive | fix | undo | register | approve | reject
    root TEXT NOT NULL,
    path TEXT NOT NULL,
    key TEXT NOT NULL,
    hash_before TEXT,                          -- null: the write created the file
    hash_after TEXT,                           -- null: the write removed the file
    text_before BLOB,                          -- the bytes replaced (null for a creation, and before index schema 6)
    detail TEXT
  );
  CREATE INDEX IF NOT EXISTS {s}.audit_key ON audit(key);
  CREATE TABLE IF NOT EXISTS {s}.query_events (
    id TEXT PRIMARY KEY,                       -- q- and 16 hex digits, handed to the agent
    kind TEXT NOT NULL,                        -- recall | expert
    query TEXT NOT NULL,
    agent TEXT,
    session_id TEXT,
    at TEXT NOT NULL,
    returned TEXT NOT NULL                     -- JSON array of page keys, in order
  );
  CREATE INDEX IF NOT EXISTS {s}.query_events_query ON query_events(query);
  CREATE TABLE IF NOT EXISTS {s}.query_outcomes (
    id INTEGER PRIMARY KEY,
    query_id TEXT NOT NULL REFERENCES query_events(id) ON DELETE CASCADE,
    outcome TEXT NOT NULL,
    used_keys TEXT NOT NULL,                   -- JSON array of page keys
    note TEXT,
    agent TEXT,
    at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS {s}.query_outcomes_query ON query_outcomes(query_id);
  `,
  // 2: an undo names the entry it reversed, so the log marks undone rows without reading the words
  // of a detail (the undos logged before are matched once, by the "undid #N" their detail begins
  // with); the entries of one file are found by its path (an undo names the later write in its way)
  `
  ALTER TABLE {s}.audit ADD COLUMN undoes INTEGER;
  ${MARK_UNDOS_LOGGED_BEFORE}
  CREATE INDEX IF NOT EXISTS {s}.audit_undoes ON audit(undoes);
  CREATE INDEX IF NOT EXISTS {s}.audit_file ON audit(path, root);
  `,
];

const HISTORY_VERSION = STEPS.length;

/** The history file of an index database: `cairn.db` → `cairn.history.db` (no extension: `.history.db` added). */
export function historyFileOf(indexFile: string): string {
  if (indexFile === ':memory:') return indexFile;
  const ext = path.extname(indexFile);
  return `${ext ? indexFile.slice(0, -ext.length) : indexFile}.history${ext || '.db'}`;
}

/** The history file is damaged or is not one. Unlike the index, nothing rebuilds it. */
export class HistoryDamaged extends CairnError {
  constructor(file: string, detail: string) {
    super(
      'damaged',
      `the history file ${file} is damaged or not a Cairn history (SQLite: ${detail}). ` +
        'It holds what Cairn cannot rebuild from your pages: the audit log (and so undo), the queries agents asked and their outcomes. ' +
        'Keep it: restore it from a backup, or move it aside and Cairn starts an empty history beside the index',
    );
    this.name = 'HistoryDamaged';
  }
}

/**
 * Attaches the history file to the index's connection as `history`, creating or upgrading it when
 * the connection may write. A read-only connection cannot create it: an index made before history
 * files existed (or whose history was moved away) then reads an empty history, made in `temp`.
 */
export function attachHistory(db: Database.Database, file: string, isDamage: (err: unknown) => boolean): void {
  if (db.readonly && !fs.existsSync(file)) {
    db.exec(stepsFor('temp', 0));
    return;
  }
  try {
    db.prepare(`ATTACH DATABASE ? AS history`).run(file);
    // NORMAL, like the index (a schema's own setting): under WAL a commit survives the process
    // being killed; a power cut may take the last ones, as it may the rename of the page they
    // record (its folder is not fsync'd). FULL would add an fsync (~5 ms here) to every write
    // and recall, under the write lock.
    db.pragma('history.synchronous = NORMAL');
    // reads the file's header: a file that is not SQLite is named here as the history, not as the index
    const version = db.pragma('history.user_version', { simple: true }) as number;
    if (version > HISTORY_VERSION)
      throw new Error(`the history file ${file} was written by a newer Cairn (history schema ${version}, this one knows ${HISTORY_VERSION}); upgrade Cairn`);
    if (version === HISTORY_VERSION) return;
    if (db.readonly) throw new Error(`the history file ${file} is read-only and was written by an older Cairn: open it once with write access to upgrade it`);
    db.pragma('history.journal_mode = WAL');
    // IMMEDIATE, and the version read again inside: two processes opening a new history create it once
    db.transaction(() => db.exec(stepsFor('history', db.pragma('history.user_version', { simple: true }) as number))).immediate();
  } catch (err) {
    if (isDamage(err)) throw new HistoryDamaged(file, (err as Error).message);
    throw err;
  }
}

/** The steps after `from`, for schema `s`, with the version they reach. */
function stepsFor(s: 'history' | 'temp', from: number): string {
  return STEPS.slice(from).join('\n').replaceAll('{s}', s) + (s === 'history' ? `\nPRAGMA history.user_version = ${HISTORY_VERSION};` : '');
}

/**
 * Moves an old index's history (its schema 13 and before kept it in the index itself) into the
 * history file. Its own transaction, committed before the index drops those tables (the next
 * migration step): under WAL a transaction over two files is atomic per file only, so doing both in
 * one could commit the drop and lose the copy to a crash between the two files' commits. Run again
 * after a crash before the drop, it copies nothing twice (rows keep their ids: OR IGNORE).
 */
export function moveHistoryOutOfIndex(db: Database.Database): void {
  const attached = (db.pragma('database_list') as { name: string }[]).some((d) => d.name === 'history');
  if (!attached) throw new Error('the history file must be attached before the index gives up its history (store/sqlite/history.ts attachHistory)');
  const inIndex = (table: string) => db.prepare(`SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
  db.transaction(() => {
    const columns = {
      audit: 'id, at, actor, action, root, path, key, hash_before, hash_after, text_before, detail',
      query_events: 'id, kind, query, agent, session_id, at, returned',
      query_outcomes: 'id, query_id, outcome, used_keys, note, agent, at',
    };
    // events before their outcomes (a foreign key)
    for (const [table, cols] of Object.entries(columns)) {
      if (inIndex(table)) db.exec(`INSERT OR IGNORE INTO history.${table} (${cols}) SELECT ${cols} FROM main.${table}`);
    }
    db.exec(MARK_UNDOS_LOGGED_BEFORE.replaceAll('{s}', 'history'));
  }).immediate();
}
