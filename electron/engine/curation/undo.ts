// Undoing a logged write: the file goes back to the bytes the write replaced, but only while it is
// exactly as that write left it — anything changed since (an editor, another agent, a pull) wins,
// and the undo is refused. Undoing a creation removes the file: the one removal Cairn makes, and
// only of bytes Cairn itself wrote and no one has touched since.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest, NotFound, WriteConflict } from '../../../shared/errors.ts';
import type { Db } from '../store/database.ts';
import { writeTransaction } from '../store/sqlite/sqlite-store.ts';
import { hashOnDisk, replaceAtomically } from './atomic-file.ts';
import { appendAudit, auditEntry } from './audit.ts';
import { checked, refuseMoved } from './page-place.ts';

export interface UndoResult {
  root: string;
  path: string;
  key: string;
  removed: boolean;
  auditId: number;
}

export async function undoWrite(db: Db, roots: readonly string[], id: number, actor: string): Promise<UndoResult> {
  const entry = auditEntry(db, id);
  if (!entry) throw new NotFound(`no audit entry ${id}; list them with \`cairn audit\``);
  if (!entry.undoable) throw new BadRequest(`audit entry ${id} was logged before Cairn kept the bytes a write replaced, so it cannot be undone`);
  if (!roots.includes(entry.root)) throw new BadRequest(`${entry.root} is not a configured root: Cairn writes only into its roots`);
  const exists = fs.existsSync(path.join(entry.root, entry.path));
  const place = checked(entry.root, entry.path, exists);
  const current = hashOnDisk(place.abs);
  if (current !== entry.hashAfter) throw new WriteConflict(entry.path, `${entry.path} changed after audit entry ${id} (another writer, an editor or a pull): undoing it would lose that change, so nothing was written`);
  const removing = entry.hashBefore === null;
  const auditId = await writeTransaction(db, () => {
    if (hashOnDisk(place.abs) !== entry.hashAfter) throw new WriteConflict(entry.path);
    refuseMoved(place);
    const textBefore = current === null ? null : fs.readFileSync(place.abs);
    // the entry before the file changes (audit.ts says why)
    const undoId = appendAudit(db, { actor, action: 'undo', root: entry.root, path: entry.path, key: entry.key, hashBefore: current, hashAfter: entry.hashBefore, textBefore, detail: `undid #${id} (${entry.action}${entry.detail ? `: ${entry.detail}` : ''})` });
    if (removing) fs.rmSync(place.abs);
    else replaceAtomically(place.abs, entry.textBefore!);
    return undoId;
  });
  return { root: entry.root, path: entry.path, key: entry.key, removed: removing, auditId };
}
