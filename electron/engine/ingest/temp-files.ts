// Cairn's temp files, named so the walk and the watcher pass them by and a sweep can tell a live
// writer's from a dead one's: curation/atomic-file.ts writes a page through one, and the index
// run (indexer.ts) removes those a writer that died left behind.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { processExists } from '../process-identity.ts';

/** `.NAME.cairn-PID-RANDOM.tmp`: a dot-file, which the watcher and the walk ignore, naming the
 * process that writes it so a sweep can tell a live writer's from a dead one's. `.old` instead of
 * `.tmp`: the file a write replaced, held a moment (curation/replaced-file.ts). */
export function tempPathFor(abs: string, kind: 'tmp' | 'old' = 'tmp'): string {
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.cairn-${process.pid}-${crypto.randomBytes(4).toString('hex')}.${kind}`);
  mine.add(tmp);
  return tmp;
}

/** The temp files of this process's writes under way: one with this process's pid that is not one
 * of them is a dead process's that had the same pid, as a server restarted in a container has
 * each time (pid 1). */
const mine = new Set<string>();

/** The write that named `tmp` is over (it was renamed or removed). */
export function tempDone(tmp: string): void {
  mine.delete(tmp);
}

const TEMP_NAME = /^\..+\.cairn-(\d+)-[0-9a-f]{8}\.(tmp|old)$/;

/** How many bytes a temp name adds to the file's own name, at most (a pid of up to 10 digits). */
export const TEMP_NAME_EXTRA = '.'.length + '.cairn-'.length + 10 + '-'.length + 8 + '.tmp'.length;

/** Whether `name` is a file name only Cairn's writes make. */
export const isTempName = (name: string) => TEMP_NAME.test(name);

/** A temp file no live write will rename: its writer's process is gone, or it is older than any
 * write takes (a pid reused by another process, or a writer on another machine sharing the folder). */
export function isStaleTemp(abs: string, now = Date.now()): boolean {
  const m = TEMP_NAME.exec(path.basename(abs));
  if (!m) return false;
  const mtime = fs.statSync(abs, { throwIfNoEntry: false })?.mtimeMs;
  if (mtime === undefined) return false;
  const pid = Number(m[1]);
  const live = pid === process.pid ? mine.has(abs) : processExists(pid);
  return !live || now - mtime > STALE_AFTER_MS;
}

const STALE_AFTER_MS = 60 * 60 * 1000;

/** Cairn's temp files directly in `dir` (none when there is no such folder): for folders the walk
 * leaves out that Cairn writes all the same, like a root's `.cairn/`. */
export function tempsIn(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir)
      .filter(isTempName)
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/** Removes the stale ones of `temps` (paths of Cairn temp files); how many went. One that cannot
 * be removed (a read-only folder) is left for a later run: it holds no page, so no run fails for it. */
export function sweepStaleTemps(temps: readonly string[]): number {
  let removed = 0;
  for (const abs of temps) {
    try {
      if (!isStaleTemp(abs)) continue;
      fs.rmSync(abs, { force: true });
      removed++;
    } catch {
      // left for the next run
    }
  }
  return removed;
}
