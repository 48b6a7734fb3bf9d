// Where a logged write stands in its file's history. An undo of a write undoes it, an undo of that
// undo applies the write again (a redo), and so on down the chain; and a write's change is still
// in the file only while the file is as it left it. From these, what undoing it would do: put the
// file back, wait for a later write to be undone first, or nothing, because its change is gone.
import type { LoggedWrite, UndoBlock } from '../../../shared/fixes.ts';
import type { AuditEntry } from '../../../shared/page.ts';

/** Every entry on one file by id (undos reverse entries on their own file only). */
export type FileHistory = ReadonlyMap<number, AuditEntry>;

export const historyOf = (entries: AuditEntry[]): FileHistory => new Map(entries.map((e) => [e.id, e]));

/** For an undo: the write its chain starts from, and whether it applied that write again (an even number of undos down). */
export function chainOf(e: Pick<AuditEntry, 'id' | 'undoes'>, history: FileHistory): { original: number; redo: boolean } | null {
  if (e.undoes === null) return null;
  let steps = 0;
  let at: Pick<AuditEntry, 'id' | 'undoes'> = e;
  while (at.undoes !== null) {
    steps++;
    const next = history.get(at.undoes);
    if (!next) return { original: at.undoes, redo: steps % 2 === 0 };
    at = next;
  }
  return { original: at.id, redo: steps % 2 === 0 };
}

/** Undoing an undo that is not itself a redo applies again a change someone took back. */
export const undoReapplies = (e: AuditEntry, history: FileHistory) => chainOf(e, history)?.redo === false;

/**
 * What stands between the file (hash `now`) and undoing `entry`, or null when nothing does. `later`:
 * the entries on the file logged after it, newest first. Of those that left the file as it is, an
 * undo of a write logged after `entry` only put the file back to where a write between them left it:
 * that write stands in the way. An undo that reversed a write logged before `entry` took this entry's
 * change with it: undoing that undo first would re-apply the earlier write, so it is not offered as
 * the way back.
 */
export function blockOf(entry: AuditEntry, now: string | null, later: AuditEntry[], history: FileHistory): { reason: UndoBlock; by: AuditEntry | null } | null {
  if (now === entry.hashAfter) return null;
  const left = later.filter((e) => e.hashAfter === now);
  if (left.length === 0) return { reason: 'changed-outside', by: null };
  if (left[0]!.undoes === entry.id) return { reason: 'already-undone', by: left[0]! };
  const reversedLater = (e: AuditEntry) => undoReapplies(e, history) && chainOf(e, history)!.original > entry.id;
  const by = left.find((e) => !reversedLater(e)) ?? left[0]!;
  if (undoReapplies(by, history) && !reversedLater(by)) return { reason: 'undone-later', by };
  return { reason: 'later-write', by };
}

const EFFECT: Record<UndoBlock, LoggedWrite['effect']> = {
  'later-write': 'written-over',
  'already-undone': 'undone',
  'changed-outside': 'gone',
  'undone-later': 'gone',
};

/** The entry as the log shows it, given its file's history (newest first) and the file's hash now. */
export function logged(entry: AuditEntry, now: string | null, newestFirst: AuditEntry[], history: FileHistory): LoggedWrite {
  const chain = chainOf(entry, history);
  const block = blockOf(
    entry,
    now,
    newestFirst.filter((e) => e.id > entry.id),
    history,
  );
  const effect = entry.undoneBy !== null ? 'undone' : block ? EFFECT[block.reason] : 'stands';
  return { ...entry, original: chain?.original ?? null, redo: chain?.redo ?? false, effect };
}
