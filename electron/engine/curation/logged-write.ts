// The one logged atomic write, for pages, undo and the skill registry's files: the new bytes are
// staged (written and flushed beside the file) before the lock when they are known, then under the
// store's write lock the file is checked to still be what the writer read, its folders to still lead
// where they were checked to, and the audit entry is written. Only once that has committed is the
// file renamed (or linked, or removed): a write answered as failed never landed, and one that
// landed has its entry (store/audit.ts). A rename that fails then withdraws the entry. What the
// rename replaced is kept beside the page when it is not what was checked (replaced-file.ts). The
// caller re-indexes what landed.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CairnError, type WriteConflict } from '../../../shared/errors.ts';
import type { AuditRecord } from '../store/audit.ts';
import type { Store, WriteOptions } from '../store/store.ts';
import { putInPlace, replaceAtomically, sha1, withStagedFile } from './atomic-file.ts';
import { refuseMoved, type Place } from './page-place.ts';
import { holdReplaced, keepIfChanged, release } from './replaced-file.ts';

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

export interface Logged {
  auditId: number;
  /** Root-relative: what the write replaced that was not what it checked (an editor's append
   * meanwhile), kept beside the page. */
  conflictCopy?: string;
}

/** What the check under the lock found and logged. */
interface Checked {
  id: number;
  before: Buffer | null;
  after: Buffer | null;
}

/** Lands the change with its audit entry, or neither. */
export async function loggedWrite(store: Store, change: LoggedChange): Promise<Logged> {
  const { bytes } = change;
  if (Buffer.isBuffer(bytes)) return withStagedFile(change.place.abs, bytes, (tmp) => commitThenPut(store, change, bytes, tmp));
  return commitThenPut(store, change, bytes, null);
}

async function commitThenPut(store: Store, change: LoggedChange, bytes: LoggedChange['bytes'], staged: string | null): Promise<Logged> {
  const landing: { checked?: Checked; copy?: string | null; failed?: unknown } = {};
  const afterCommit = () => {
    try {
      landing.copy = putInPlaceChecked(change, landing.checked!, staged, (copy) => void noteCopy(store, change.place, landing.checked!.id, copy));
    } catch (failed) {
      landing.failed = failed;
    }
  };
  const id = await afterRenames(change.place, () =>
    store.write(async (tx) => (landing.checked = await check(tx, change, bytes)).id, { ...onePage(change), afterCommit }),
  );
  if (landing.failed !== undefined) {
    // the entry is for a write that did not happen; one that cannot be withdrawn (the disk still
    // full) stays, and undo refuses it: the file is not what it says the write left
    await store.write((tx) => tx.audit.withdraw(id)).catch(() => {});
    throw landing.failed;
  }
  if (!landing.copy) return { auditId: id };
  return { auditId: id, conflictCopy: await noteCopy(store, change.place, id, landing.copy) };
}

/** Names the conflict copy in the write's audit entry; its root-relative path. The write has landed:
 * a detail that cannot be added is not the write failing. */
async function noteCopy(store: Store, place: Place, id: number, copy: string): Promise<string> {
  const rel = path.relative(place.root, copy).split(path.sep).join('/');
  await store.write((tx) => tx.audit.addDetail(id, `kept what it replaced, changed since it was checked, as ${rel}`)).catch(() => {});
  return rel;
}

/** Under the lock: check and log. A refusal rolls the entry back. */
async function check(tx: Store, change: LoggedChange, bytes: LoggedChange['bytes']): Promise<Checked> {
  const { place, expected, log } = change;
  const before = readOrNull(place.abs);
  const hashBefore = before ? sha1(before) : null;
  if (await renameUnderWay(tx, place, hashBefore)) throw new RenameUnderWay();
  if (expected && hashBefore !== expected.hash) throw expected.conflict();
  // the lock may have been waited for: a folder on the way swapped for a symlink meanwhile must not carry the file elsewhere
  refuseMoved(place);
  const after = typeof bytes === 'function' ? bytes(before) : bytes;
  const id = await tx.audit.append({ ...log, root: place.root, path: place.rel, hashBefore, hashAfter: after ? sha1(after) : null, textBefore: before });
  return { id, before, after };
}

/** How long after its entry a write's rename may still be under way (a process paused between the
 * two on a loaded machine); far longer than it takes, far shorter than an editor's change back. */
const RENAME_WITHIN_MS = 10_000;
/** A write that found another's rename under way looks again this often, for at most RENAME_WAIT_MS:
 * a rename takes a millisecond, and one not done by then (its process died) is not coming. */
const RENAME_RETRY_MS = 20;
const RENAME_WAIT_MS = 2_000;

/** Thrown under the lock (rolling the attempt back) when another write's rename is under way. */
class RenameUnderWay extends Error {}

/**
 * Whether another process's write has committed its entry and let go of the lock, its rename not
 * yet done (two `cairn mcp` on one index, two servers on one database): the file still holds exactly
 * what that entry replaced. Checking it now would take that old version for current: a writer from
 * it would win and overwrite the first write, one whose bytes are made from the file would make them
 * from the old one. An entry older than a rename takes is history: a file back at what it replaced
 * was changed back since (an editor, a checkout).
 */
async function renameUnderWay(tx: Store, place: Place, hash: string | null): Promise<boolean> {
  const latest = await tx.audit.latestOn(place.root, place.rel);
  // either way from now: a server sharing the database whose clock runs ahead must not hold a page for hours
  return !!latest && latest.hashBefore === hash && latest.hashAfter !== hash && Math.abs(Date.now() - Date.parse(latest.at)) < RENAME_WITHIN_MS;
}

/** Runs `write` (an attempt under the lock) again while another write's rename is under way; the
 * page is busy, not in conflict, if it never comes: nothing was written, and trying later works. */
async function afterRenames<T>(place: Place, write: () => Promise<T>): Promise<T> {
  const until = Date.now() + RENAME_WAIT_MS;
  for (;;) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof RenameUnderWay)) throw err;
      if (Date.now() >= until)
        throw new CairnError(
          'busy',
          `${place.rel}: waited ${RENAME_WAIT_MS / 1000} s for another write of this page, already logged, to put its file in place (its process may have stopped); nothing was written: try again in a few seconds`,
        );
      await sleep(RENAME_RETRY_MS);
    }
  }
}

/** Once the entry has committed: the file put in place; what it replaced kept when it changed since
 * the check (its path), or null. */
function putInPlaceChecked(change: LoggedChange, { before, after }: Checked, staged: string | null, lateCopy: (copy: string) => void): string | null {
  const { place, exclusive } = change;
  // an exclusive create replaces nothing: it fails where anything is
  const held = exclusive ? null : holdReplaced(place.abs);
  try {
    if (after === null) fs.rmSync(place.abs, { force: true });
    else if (staged === null) replaceAtomically(place.abs, after);
    else if (!putInPlace(staged, place.abs, exclusive !== undefined)) throw exclusive!.conflict();
  } catch (err) {
    release(held);
    throw err;
  }
  try {
    return keepIfChanged(held, place.abs, before, lateCopy);
  } catch {
    // the held file stays under its temp name: landed all the same
    return null;
  }
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
