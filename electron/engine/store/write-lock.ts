// Several processes share one index database (the app or `cairn serve` watching, a `cairn index`
// in a terminal, agents). SQLite lets one of them write at a time. Each write is a short
// `BEGIN IMMEDIATE` transaction, so it takes the lock up front instead of failing halfway; when
// another process holds it, we wait here *asynchronously* and retry, so a server keeps answering
// searches while it waits (SQLite's own busy wait would block the event loop).
import fs from 'node:fs';
import os from 'node:os';
import { CairnError } from '../../../shared/errors.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.ts';
import { statementsOf } from './statements.ts';

/** How long a write waits for another process before giving up with a message that says so
 * (CAIRN_LOCK_WAIT_MS overrides it). */
export function lockWaitMs(): number {
  return Number(process.env.CAIRN_LOCK_WAIT_MS) || 120_000;
}

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

/** Whether a process of this machine still exists (it may belong to another user). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Who a process is, beyond its pid, which the system reuses (pid 1 in every container): the
 * machine, its boot and the process's start time, where /proc tells them (Linux); elsewhere the
 * machine alone, if the pid exists. Null when no such process runs.
 */
export function processIdentity(pid: number): string | null {
  const host = os.hostname();
  if (!fs.existsSync('/proc/self/stat')) return processExists(pid) ? host : null;
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${host}/${boot}/${started}`;
  } catch {
    return null;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
