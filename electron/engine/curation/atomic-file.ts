// Replacing a file so that a reader (an editor, the watcher, a crash) sees the old bytes or the new,
// never half of them: a temp file beside it, flushed, renamed over it. A temp file never outlives
// a failed write; one left by a writer that died is swept by the next index run (ingest/temp-files.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { tempDone, tempPathFor } from '../ingest/temp-files.ts';

export const sha1 = (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('hex');

/** The file's content hash, or null when there is no file. */
export function hashOnDisk(abs: string): string | null {
  return fs.existsSync(abs) ? sha1(fs.readFileSync(abs)) : null;
}

/** Writes `bytes` to a new file at `tmp` and flushes it; on any failure the file is gone again. */
export function writeNewFile(tmp: string, bytes: Buffer): void {
  const fd = fs.openSync(tmp, 'wx');
  try {
    // a nearly full disk takes part of a write without an error: only the next one says ENOSPC
    for (let done = 0; done < bytes.length;) done += fs.writeSync(fd, bytes, done, bytes.length - done);
    fs.fsyncSync(fd);
  } catch (err) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  fs.closeSync(fd);
}

/** writeNewFile off the event loop: a page's bytes are flushed before its write takes the lock. */
export async function writeNewFileAsync(tmp: string, bytes: Buffer): Promise<void> {
  const file = await fs.promises.open(tmp, 'wx');
  try {
    await writeAllAndSync(file, bytes);
  } catch (err) {
    await file.close().catch(() => {});
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
  await file.close();
}

async function writeAllAndSync(file: FileHandle, bytes: Buffer): Promise<void> {
  // short writes, as in writeNewFile
  for (let done = 0; done < bytes.length;) done += (await file.write(bytes, done, bytes.length - done)).bytesWritten;
  await file.sync();
}

/**
 * Writes `bytes` to a flushed temp file beside `abs` without blocking, then lets `land` put it in
 * place (putInPlace, under whatever lock it takes: only the rename or link waits for the lock, not
 * the write and fsync). The temp file is gone afterwards, whatever happened.
 */
export async function withStagedFile<T>(abs: string, bytes: Buffer, land: (tmp: string) => Promise<T>): Promise<T> {
  const tmp = tempPathFor(abs);
  try {
    await writeNewFileAsync(tmp, bytes);
    return await land(tmp);
  } finally {
    // after a rename there is nothing left (after a link, the temp name); one that cannot be removed
    // is swept by a later run, and must not report a landed write as failed. unlink, not rm: rm
    // stats the path first, through its own machinery, on every write (~0.2 ms of the event loop)
    await fs.promises.unlink(tmp).catch(() => {});
    tempDone(tmp);
  }
}

/** Puts the flushed temp file `tmp` at `abs`: renamed over whatever is there, or, `exclusive`,
 * linked only where nothing is, which fails atomically when a file (or a link) already holds the
 * name, where a rename would replace it. False: something was there, nothing was written. */
export function putInPlace(tmp: string, abs: string, exclusive: boolean): boolean {
  if (exclusive) return linkUnlessTaken(tmp, abs);
  fs.renameSync(tmp, abs);
  return true;
}

export function replaceAtomically(abs: string, bytes: Buffer): void {
  const tmp = tempPathFor(abs);
  try {
    writeNewFile(tmp, bytes);
    fs.renameSync(tmp, abs);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  } finally {
    tempDone(tmp);
  }
}

/** Links `tmp` to `abs`; false when the name is taken. `tmp` stays, for the caller to remove. */
function linkUnlessTaken(tmp: string, abs: string): boolean {
  try {
    linkOrCopy(tmp, abs);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** A volume without hard links (FAT, some network shares) still gets an exclusive create, by a copy
 * that refuses an existing name (a reader may then see it before it is whole). */
function linkOrCopy(tmp: string, abs: string): void {
  try {
    fs.linkSync(tmp, abs);
  } catch (err) {
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
    fs.copyFileSync(tmp, abs, fs.constants.COPYFILE_EXCL);
  }
}
