// Replacing a file so that a reader (an editor, the watcher, a crash) sees the old bytes or the new,
// never half of them: a temp file beside it, flushed, renamed over it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const sha1 = (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('hex');

/** The file's content hash, or null when there is no file. */
export function hashOnDisk(abs: string): string | null {
  return fs.existsSync(abs) ? sha1(fs.readFileSync(abs)) : null;
}

/** The temp file is a dot-file, which the watcher and the walk ignore. */
export function replaceAtomically(abs: string, bytes: Buffer): void {
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.cairn-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, 'wx');
  try {
    fs.writeSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, abs);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
