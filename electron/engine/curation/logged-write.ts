// The one logged atomic write, for pages, undo and the skill registry's files: the new bytes are
// staged (written and flushed beside the file) before the lock when they are known, then under the
// store's write lock the file is checked to still be what the writer read, its folders to still lead
// where they were checked to, the audit entry is written, and only then the file is renamed (or
// linked, or removed). The caller re-indexes what landed.
import fs from 'node:fs';
import type { WriteConflict } from '../../../shared/errors.ts';
import type { AuditRecord } from '../store/audit.ts';
import type { Store, WriteOptions } from '../store/store.ts';
import { putInPlace, replaceAtomically, sha1, withStagedFile } from './atomic-file.ts';
import { refuseMoved, type Place } from './page-place.ts';

export interface LoggedChange {
  /** Where it lands, as `locate` or `checked` (page-place.ts) found it. */
  place: Place;
  /**
   * The new bytes. Known before the write (a page, an undo): staged and flushed before the lock, so
   * the lock waits for no disk flush. A function: made under the lock from what the file holds then,
   * so no concurrent write is lost (a registry file edited by decision). null removes the file.
   */
  bytes: Buffer | null | ((before: Buffer | null) => Buffer);
  /** The file as the writer read it (its hash; null: no file), checked again under the lock;
   * `conflict` is thrown when it changed meanwhile. Left out: whatever is there is replaced. */
  expected?: { hash: string | null; conflict: () => WriteConflict };
  /** Create only where nothing is, even beside writers that are not Cairn's (a link, not a rename);
   * `conflict` is thrown when something took the name meanwhile. Needs staged bytes. */
  exclusive?: { conflict: () => WriteConflict };
  /** The audit entry, less what the write itself knows (where, the hashes, the bytes replaced). */
  log: Pick<AuditRecord, 'actor' | 'action' | 'key' | 'detail' | 'undoes'>;
}

/** Lands the change with its audit entry, or neither; returns the entry's id. */
export async function loggedWrite(store: Store, change: LoggedChange): Promise<number> {
  const { bytes } = change;
  if (Buffer.isBuffer(bytes)) return withStagedFile(change.place.abs, bytes, (tmp) => store.write((tx) => land(tx, change, bytes, tmp), onePage(change)));
  return store.write((tx) => land(tx, change, bytes, null), onePage(change));
}

/** Under the lock: check, log, then put in place. A refusal after the entry rolls it back. */
async function land(tx: Store, change: LoggedChange, bytes: LoggedChange['bytes'], staged: string | null): Promise<number> {
  const { place, expected, exclusive, log } = change;
  const before = readOrNull(place.abs);
  const hashBefore = before ? sha1(before) : null;
  if (expected && hashBefore !== expected.hash) throw expected.conflict();
  // the lock may have been waited for: a folder on the way swapped for a symlink meanwhile must not carry the file elsewhere
  refuseMoved(place);
  const after = typeof bytes === 'function' ? bytes(before) : bytes;
  // the entry before the rename (store/audit.ts says why)
  const id = await tx.audit.append({ ...log, root: place.root, path: place.rel, hashBefore, hashAfter: after ? sha1(after) : null, textBefore: before });
  if (after === null) fs.rmSync(place.abs);
  else if (staged === null) replaceAtomically(place.abs, after);
  else if (!putInPlace(staged, place.abs, exclusive !== undefined)) throw exclusive!.conflict();
  return id;
}

function readOrNull(abs: string): Buffer | null {
  try {
    return fs.readFileSync(abs);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The write changes this one file: a store shared by many servers locks only it (store.ts WriteOptions). */
function onePage(change: LoggedChange): WriteOptions {
  return { page: { root: change.place.root, path: change.place.rel } };
}
