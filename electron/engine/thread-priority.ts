// Reader threads that let the writer go first, where the store is shared by many servers.
//
// On PostgreSQL an index write holds a lock every server sharing the database waits for, and runs
// some 45 statements under it, each a round trip that needs the writing process's main thread (and
// its database backend) to get a core. Beside eight searches in flight on two cores, each round
// trip waited its turn behind the reader threads' ranking: a run held the lock about 74 ms, 1.6 ms
// a statement of which 0.16 ms in PostgreSQL, and three servers acknowledged 36.6–42.0 writes/s.
// With the reader threads at nice 10 (Linux weighs a thread at nice 10 about a ninth of one at
// nice 0) they acknowledged 72.5–74.3, the searches' p95 going from about 105 to 148–155 ms,
// within the aim of twice alone plus 20 ms (docs/benchmarks.md, "Eighth pass"). Nice 5 gave 56.9
// writes/s, nice 19 75.2 with searches past the aim.
//
// The embedded SQLite store is left alone: its write lock is held by one process, in one
// synchronous transaction, and lowering its readers only slowed searches past the same aim (p95
// 86 to 116 ms) for writes it already acknowledges at well over 100/s.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/** How far below the threads that write the reader threads run. */
export const READER_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread, not of its process: Linux keeps a nice value per
 * thread. Elsewhere (macOS, Windows) it does nothing, since setpriority there would lower the whole
 * process, its writes with it; nor on the main thread, nor below a nice value already lower.
 * Returns whether it lowered it.
 */
export function lowerThisThread(nice = READER_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    // "<pid>/task/<tid>": this thread's own id, which os.setPriority takes as Linux's setpriority does;
    // anything else (a /proc of another pid namespace) names some other task, left alone
    const self = /^(\d+)\/task\/(\d+)$/.exec(fs.readlinkSync('/proc/thread-self'));
    const tid = Number(self?.[2]);
    if (!self || Number(self[1]) !== process.pid || tid === process.pid || os.getPriority(tid) >= nice) return false;
    os.setPriority(tid, nice);
    return true;
  } catch {
    // no /proc (a sandbox): the thread keeps its priority, and reads go on as before
    return false;
  }
}

/**
 * Starts libuv's thread pool on the calling thread (the main one) if nothing has yet. The pool
 * starts on its first use, and its threads take the nice value of the thread that starts them: a
 * reader that lowered itself and then looked up its database's host first would leave every file
 * write and fsync of the process at nice 10. Call it before starting the readers.
 */
export function startThreadPoolHere(): void {
  randomBytes(1, () => {});
}
