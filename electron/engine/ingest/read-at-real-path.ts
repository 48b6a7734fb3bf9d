// Reads a file only if it is still the file the walk checked. Between the walk, which decided the
// file's space from its real path (real-space.ts), and the read, a folder on the way may have been
// swapped for a symlink into another agent's space; reading by the path then would index that
// agent's page in the space the path names. So the file is opened, and the opened file itself is
// asked where it is: on Linux by /proc/self/fd (what the kernel opened, whatever changed since),
// elsewhere by its inode against the file now at the checked real path.
import fs from 'node:fs';

/** The file's bytes, or null when the opened file is not at `realPath`. Throws as fs does (ENOENT…). */
export function readAtRealPath(absPath: string, realPath: string): Buffer | null {
  const fd = fs.openSync(absPath, 'r');
  try {
    return isAt(fd, realPath) ? fs.readFileSync(fd) : null;
  } finally {
    fs.closeSync(fd);
  }
}

function isAt(fd: number, realPath: string): boolean {
  let opened: string | null = null;
  try {
    opened = fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    // no /proc here (macOS, Windows): the inode decides
  }
  if (opened !== null) return opened === realPath;
  const now = fs.lstatSync(realPath, { throwIfNoEntry: false });
  const open = fs.fstatSync(fd);
  return !!now && now.isFile() && now.ino === open.ino && now.dev === open.dev;
}
