// The audit log as a person reads it: each entry with whether its change is still in the file (so
// whether an undo can reach it) and, for an undo, whether it was a redo. One read of each file's
// history and one hash of each file, however many of its entries are listed.
import path from 'node:path';
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
      known = { now: hashOnDisk(path.join(e.root, e.path)), newestFirst, history: historyOf(newestFirst) };
      files.set(file, known);
    }
    out.push(logged(e, known.now, known.newestFirst, known.history));
  }
  return out;
}
