// Undoing a logged write: the file goes back to the bytes the write replaced, but only while it is
// exactly as that write left it. Otherwise nothing is written and the answer says what stands in the
// way, as a typed outcome: a later write of Cairn's own (named, to undo first), an undo that reversed
// it already, or a change outside the log (an editor, another program, a pull), which wins. Undoing a
// creation removes the file: the one removal Cairn makes, and only of bytes Cairn itself wrote and no
// one has touched since.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest, NotFound, WriteConflict } from '../../../shared/errors.ts';
import type { UndoBlocked } from '../../../shared/fixes.ts';
import type { AuditEntry } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';
import { hashOnDisk } from './atomic-file.ts';
import { loggedWrite } from './logged-write.ts';
import { checked } from './page-place.ts';

export interface UndoResult {
  outcome: 'undone';
  root: string;
  path: string;
  key: string;
  removed: boolean;
  auditId: number;
}

export async function undoWrite(store: Store, roots: readonly string[], id: number, actor: string): Promise<UndoResult | UndoBlocked> {
  const entry = await store.audit.entry(id);
  if (!entry) throw new NotFound(`no audit entry ${id}; list them with \`cairn audit\``);
  if (!entry.undoable) throw new BadRequest(`audit entry ${id} was logged before Cairn kept the bytes a write replaced, so it cannot be undone`);
  if (!roots.includes(entry.root)) throw new BadRequest(`${entry.root} is not a configured root: Cairn writes only into its roots`);
  const exists = fs.existsSync(path.join(entry.root, entry.path));
  const place = checked(entry.root, entry.path, exists);
  const now = hashOnDisk(place.abs);
  if (now !== entry.hashAfter) return blocked(entry, now, await store.audit.laterOn(entry));
  const removing = entry.hashBefore === null;
  const { auditId } = await loggedWrite(store, {
    place,
    bytes: removing ? null : entry.textBefore!,
    expected: { hash: entry.hashAfter, conflict: () => new WriteConflict(entry.path) },
    log: { actor, action: 'undo', key: entry.key, detail: `undid #${id} (${entry.action}${entry.detail ? `: ${entry.detail}` : ''})`, undoes: id },
  });
  return { outcome: 'undone', root: entry.root, path: entry.path, key: entry.key, removed: removing, auditId };
}

/** Who, when and what, as the log says it. */
export const describeEntry = (e: AuditEntry) => `#${e.id} (${e.action} by ${e.actor} at ${e.at}${e.detail ? `: ${e.detail}` : ''})`;

/** What stands between the file now (hash `now`) and the entry: the newest later entry that left it so, if any. */
function blocked(entry: AuditEntry, now: string | null, later: AuditEntry[]): UndoBlocked {
  const by = later.find((e) => e.hashAfter === now) ?? null;
  const base = { outcome: 'blocked' as const, id: entry.id, root: entry.root, path: entry.path, blockedBy: by };
  if (!by)
    return {
      ...base,
      reason: 'changed-outside',
      message: `${entry.path} changed after audit entry #${entry.id}, and not by a write in the log (an editor, another program or a pull): undoing it would lose that change, so nothing was written`,
    };
  if (by.undoes === entry.id)
    return { ...base, reason: 'already-undone', message: `audit entry #${entry.id} is undone already, by ${describeEntry(by)}; nothing was written` };
  return {
    ...base,
    reason: 'later-write',
    message: `${entry.path} was written again after audit entry #${entry.id}, by ${describeEntry(by)}: undo that first, then #${entry.id}; nothing was written`,
  };
}
