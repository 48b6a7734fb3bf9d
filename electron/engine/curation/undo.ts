// Undoing a logged write: the file goes back to the bytes the write replaced, but only while it is
// exactly as that write left it. Otherwise nothing is written and the answer says what stands in the
// way, as a typed outcome: a later write of Cairn's own (named, to undo first), an undo that reversed
// it already, a later undo that took its change with it (undo-chain.ts), or a change outside the log
// (an editor, another program, a pull), which wins. An undo of an undo is logged as the redo it is. Undoing a
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
import { blockOf, chainOf, historyOf, type FileHistory } from './undo-chain.ts';

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
  const newestFirst = await store.audit.laterOn({ id: 0, root: entry.root, path: entry.path });
  const history = historyOf(newestFirst);
  const block = blockOf(
    entry,
    now,
    newestFirst.filter((e) => e.id > entry.id),
    history,
  );
  if (block) return blocked(entry, block.reason, block.by);
  const removing = entry.hashBefore === null;
  const { auditId } = await loggedWrite(store, {
    place,
    bytes: removing ? null : entry.textBefore!,
    expected: { hash: entry.hashAfter, conflict: () => new WriteConflict(entry.path) },
    log: { actor, action: 'undo', key: entry.key, detail: undoDetail(entry, history), undoes: id },
  });
  return { outcome: 'undone', root: entry.root, path: entry.path, key: entry.key, removed: removing, auditId };
}

/** Who, when and what, as the log says it. */
export const describeEntry = (e: AuditEntry) => `#${e.id} (${e.action} by ${e.actor} at ${e.at}${e.detail ? `: ${e.detail}` : ''})`;

/** What the undo of `entry` does, named by the write its chain starts from: "undid #4 (fix: …)", or, undoing an undo, "redid #4 (fix: …)". */
function undoDetail(entry: AuditEntry, history: FileHistory): string {
  const chain = chainOf(entry, history);
  const original = (chain && history.get(chain.original)) || entry;
  // one undo more down the chain: an undo of a redo undoes again, an undo of an undo redoes
  const redo = chain !== null && !chain.redo;
  return `${redo ? 'redid' : 'undid'} #${original.id} (${original.action}${original.detail ? `: ${original.detail}` : ''})`;
}

/** The engine's answer when something stands between the file and the entry (`by`: the later entry that left it so, if any). */
function blocked(entry: AuditEntry, reason: UndoBlocked['reason'], by: AuditEntry | null): UndoBlocked {
  const base = { outcome: 'blocked' as const, id: entry.id, root: entry.root, path: entry.path, reason, blockedBy: by };
  if (reason === 'changed-outside' || !by)
    return {
      ...base,
      message: `${entry.path} changed after audit entry #${entry.id}, and not by a write in the log (an editor, another program or a pull): undoing it would lose that change, so nothing was written`,
    };
  if (reason === 'already-undone') return { ...base, message: `audit entry #${entry.id} is undone already, by ${describeEntry(by)}; nothing was written` };
  if (reason === 'undone-later')
    return {
      ...base,
      message: `the change of audit entry #${entry.id} is gone: ${describeEntry(by)} put ${entry.path} back further, and undoing that would re-apply what it undid; nothing was written`,
    };
  return {
    ...base,
    message: `${entry.path} was written again after audit entry #${entry.id}, by ${describeEntry(by)}: undo that first, then #${entry.id}; nothing was written`,
  };
}
