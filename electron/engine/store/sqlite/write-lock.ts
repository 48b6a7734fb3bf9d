// Several processes share one index database (the app or `cairn serve` watching, a `cairn index`
// in a terminal, agents). SQLite lets one of them write at a time. Each write is a short
// `BEGIN IMMEDIATE` transaction, so it takes the lock up front instead of failing halfway; when
// another process holds it, we wait here *asynchronously* and retry, so a server keeps answering
// searches while it waits (SQLite's own busy wait would block the event loop).
import { CairnError } from '../../../../shared/errors.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { statementsOf } from './statements.ts';
import { lockWaitMs } from '../lock-wait.ts';

/** Another process held the write lock longer than we wait: nothing was done, and trying again later is the remedy. */
export class DatabaseLocked extends CairnError {
  constructor(file: string, waitedMs: number | null) {
    const waited = waitedMs === null ? '' : ` for ${Math.round(waitedMs / 1000)} s`;
    super('busy', `the index database ${file} stayed locked by another process${waited}; nothing was done: try again when it has finished`);
    this.name = 'DatabaseLocked';
  }
}

export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

/** Opens a `BEGIN IMMEDIATE` transaction on `db`, waiting (without blocking) while another process writes. */
export async function beginImmediate(db: Db, waitMs = lockWaitMs()): Promise<void> {
  const started = Date.now();
  // the lock is asked for without SQLite's busy wait, which sleeps on the thread (up to the
  // connection's busy timeout at each attempt: beside another process writing, most of a server's
  // time); once held, the transaction's statements need no other lock
  const busy = statementsOf(db, busyStatements);
  const busyMs = busy.read.get() as number;
  for (let attempt = 0; ; attempt++) {
    try {
      busy.set(0);
      try {
        busy.begin.run();
        return;
      } finally {
        busy.set(busyMs);
      }
    } catch (err) {
      if (!isBusy(err) || db.inTransaction) throw err;
      const waited = Date.now() - started;
      if (waited >= waitMs) throw new DatabaseLocked(db.name, waited);
      await sleep(Math.min(5 * 2 ** Math.min(attempt, 4), 50) * (0.5 + Math.random()));
    }
  }
}

/** The connection's busy timeout, read and set at every write: prepared once (db.pragma prepares each time). */
function busyStatements(db: Db) {
  const read = db.prepare('PRAGMA busy_timeout').pluck();
  const begin = db.prepare('BEGIN IMMEDIATE');
  const setTo = new Map<number, Statement>();
  const set = (ms: number) => {
    let s = setTo.get(ms);
    if (!s) setTo.set(ms, (s = db.prepare(`PRAGMA busy_timeout = ${Math.trunc(ms)}`)));
    s.run();
  };
  return { read, set, begin };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
