// The audit log as a person reads it: each entry with whether its change is still in the file (so
// whether an undo can reach it) and, for an undo, whether it was a redo. One read of each file's
// history and one hash of each file, however many of its entries are listed.
import fs from 'node:fs';
import path from 'node:path';
import { MAX_REQUEST_BYTES } from '../../../shared/limits.ts';
import type { LoggedWrite } from '../../../shared/fixes.ts';
import type { AuditEntry } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';
import { hashOnDisk } from './atomic-file.ts';
import { historyOf, logged, type FileHistory } from './undo-chain.ts';

export async function loggedWrites(store: Store, entries: AuditEntry[]): Promise<LoggedWrite[]> {
  const files = new Map<string, { now: string | null; newestFirst: AuditEntry[]; history: FileHistory }>();
  const out: LoggedWrite[] = [];
  for (const e of entries) {
    const file = `${e.root}\0${e.path}`;
    let known = files.get(file);
    if (!known) {
      const newestFirst = await store.audit.laterOn({ id: 0, root: e.root, path: e.path });
      known = { now: stateOnDisk(path.join(e.root, e.path)), newestFirst, history: historyOf(newestFirst) };
      files.set(file, known);
    }
    out.push(logged(e, known.now, known.newestFirst, known.history));
  }
  return out;
}

/** Stands for a file no logged write can have left: a symlink, a folder, a device, one larger than any
 * write, or one that cannot be read. It equals no hash, so every entry on it reads as changed outside. */
const NOT_A_PAGE = 'not-a-page';

/**
 * The hash of the file as the log compares it, or null when there is none. The log is read by
 * agents too, and a pull may leave anything at a logged path: a symlink to /dev/zero or an
 * unreadable file must cost nothing and fail nothing, so only a regular file of a page's size is read.
 */
function stateOnDisk(abs: string): string | null {
  try {
    const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
    if (!stat) return null;
    if (!stat.isFile() || stat.size > MAX_REQUEST_BYTES) return NOT_A_PAGE;
    return hashOnDisk(abs);
  } catch {
    return NOT_A_PAGE;
  }
}
