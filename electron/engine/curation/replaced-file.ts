// What a write replaces, kept when it is not what the write checked. The check (under the lock)
// and the rename cannot be one step: an editor appending to the page, or an editor's own rename,
// between them would be replaced unseen. So the file about to be replaced is held (a hard link to
// it, made just before the rename, so appends through an editor's open handle still reach it), and
// after the rename compared with what was checked; when it differs it stays beside the page as a
// conflict copy, as Dropbox and Syncthing keep theirs: `Page (conflict 2026-11-28 101530 cairn).md`.
// An editor that opened the file before the rename may write to it a moment after the comparison:
// the held file lingers a second and is compared again before it goes.
// The copy is a page like any other (the index finds it, a person sees it in the app) and is never
// replaced: a second copy in the same second gets ` 2`, ` 3`.
import fs from 'node:fs';
import path from 'node:path';
import { tempDone, tempPathFor } from '../ingest/temp-files.ts';

/** The file at `abs` just before its rename: a link to it, or its bytes on a volume without hard
 * links; null when there is no file. */
export type Held = { link: string } | { bytes: Buffer } | null;

export function holdReplaced(abs: string): Held {
  const link = tempPathFor(abs, 'old');
  try {
    fs.linkSync(abs, link);
    return { link };
  } catch (err) {
    tempDone(link);
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return null;
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(code)) throw err;
    const bytes = fs.readFileSync(abs, { flag: 'r' });
    return { bytes };
  }
}

/** Lets go of the held file (the write did not replace it). */
export function release(held: Held): void {
  if (held && 'link' in held) {
    fs.rmSync(held.link, { force: true });
    tempDone(held.link);
  }
}

/**
 * After the rename: the held file compared with `checked` (the bytes the write checked; null, it
 * expected no file). Different, it is kept as a conflict copy, whose path is returned. Equal, it
 * lingers (LINGER_MS) and is compared again: `lateCopy` hears of a copy made then. A copy that
 * cannot be made throws, leaving the held link in place (a temp file swept once this process is
 * gone); the caller never fails a write that landed for it.
 */
export function keepIfChanged(held: Held, abs: string, checked: Buffer | null, lateCopy: (copy: string) => void): string | null {
  if (!held) return null;
  if (!changed(held, checked)) {
    if ('link' in held) setTimeout(() => lateCompare(held, abs, checked!, lateCopy), LINGER_MS).unref();
    return null;
  }
  return keepAsCopy(held, abs, new Date());
}

/** Long enough for an editor between its open and its write on a loaded machine. */
const LINGER_MS = 1000;

function changed(held: NonNullable<Held>, checked: Buffer | null): boolean {
  const bytes = 'link' in held ? fs.readFileSync(held.link) : held.bytes;
  return !checked || !bytes.equals(checked);
}

function lateCompare(held: NonNullable<Held>, abs: string, checked: Buffer, lateCopy: (copy: string) => void): void {
  try {
    if (changed(held, checked)) lateCopy(keepAsCopy(held, abs, new Date()));
    else release(held);
  } catch {
    // left under its temp name (see keepIfChanged)
  }
}

function keepAsCopy(held: NonNullable<Held>, abs: string, now: Date): string {
  for (let n = 1; ; n++) {
    const copy = conflictCopyPath(abs, now, n);
    try {
      if ('link' in held) fs.linkSync(held.link, copy);
      else fs.writeFileSync(copy, held.bytes, { flag: 'wx' });
      release(held);
      return copy;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

const NAME_MAX = 255;

/** `Page (conflict 2026-11-28 101530 cairn).md` beside `Page.md` (local time, as a person reads it). */
export function conflictCopyPath(abs: string, at: Date, n = 1): string {
  const ext = path.extname(abs);
  const p2 = (x: number) => String(x).padStart(2, '0');
  const stamp = `${at.getFullYear()}-${p2(at.getMonth() + 1)}-${p2(at.getDate())} ${p2(at.getHours())}${p2(at.getMinutes())}${p2(at.getSeconds())}`;
  const tail = ` (conflict ${stamp} cairn${n > 1 ? ` ${n}` : ''})${ext}`;
  // a page named up to the limit of a file name still gets its copy: the name is shortened
  let stem = path.basename(abs, ext);
  while (stem.length > 1 && Buffer.byteLength(stem + tail) > NAME_MAX) stem = stem.slice(0, -1);
  return path.join(path.dirname(abs), stem + tail);
}
