// Undoing a logged write: the file goes back to the bytes the write replaced, but only while it is
// exactly as that write left it — anything changed since (an editor, another agent, a pull) wins,
// and the undo is refused. Undoing a creation removes the file: the one removal Cairn makes, and
// only of bytes Cairn itself wrote and no one has touched since.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest, NotFound, WriteConflict } from '../../../shared/errors.ts';
import type { Store } from '../store/store.ts';
import { hashOnDisk } from './atomic-file.ts';
import { loggedWrite } from './logged-write.ts';
import { checked } from './page-place.ts';

export interface UndoResult {
  root: string;
  path: string;
  key: string;
  removed: boolean;
  auditId: number;
}

export async function undoWrite(store: Store, roots: readonly string[], id: number, actor: string): Promise<UndoResult> {
  const entry = await store.audit.entry(id);
  if (!entry) throw new NotFound(`no audit entry ${id}; list them with \`cairn audit\``);
  if (!entry.undoable) throw new BadRequest(`audit entry ${id} was logged before Cairn kept the bytes a write replaced, so it cannot be undone`);
  if (!roots.includes(entry.root)) throw new BadRequest(`${entry.root} is not a configured root: Cairn writes only into its roots`);
  const exists = fs.existsSync(path.join(entry.root, entry.path));
  const place = checked(entry.root, entry.path, exists);
  if (hashOnDisk(place.abs) !== entry.hashAfter) throw new WriteConflict(entry.path, `${entry.path} changed after audit entry ${id} (another writer, an editor or a pull): undoing it would lose that change, so nothing was written`);
  const removing = entry.hashBefore === null;
  const auditId = await loggedWrite(store, {
    place,
    bytes: removing ? null : entry.textBefore!,
    expected: { hash: entry.hashAfter, conflict: () => new WriteConflict(entry.path) },
    log: { actor, action: 'undo', key: entry.key, detail: `undid #${id} (${entry.action}${entry.detail ? `: ${entry.detail}` : ''})` },
  });
  return { root: entry.root, path: entry.path, key: entry.key, removed: removing, auditId };
}
