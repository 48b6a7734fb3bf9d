// What happened to a file a page names in its `sources`: read through git where the file is inside a
// repository (never by parsing .git by hand), its mtime otherwise.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Commit {
  hash: string;
  date: string;
  subject: string;
}

function git(file: string, args: string[]): string | null {
  try {
    const dir = fs.statSync(file).isDirectory() ? file : path.dirname(file);
    return execFileSync('git', ['-C', dir, ...args, '--', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 });
  } catch {
    return null; // not a repository, or git is not installed
  }
}

export function lastCommit(file: string): Date | null {
  const out = git(file, ['log', '-1', '--format=%cI'])?.trim();
  return out ? new Date(out) : null;
}

export function mtime(file: string): Date | null {
  try {
    return fs.statSync(file).mtime;
  } catch {
    return null;
  }
}

/** The commits that touched the file after `since` (a date), newest first; null when git does not know the file. */
export function commitsSince(file: string, since: string | null, limit: number): Commit[] | null {
  if (!lastCommit(file)) return null;
  const out = git(file, ['log', `-${limit}`, '--format=%h%x09%cI%x09%s', ...(since ? [`--since=${since}T23:59:59`] : [])]) ?? '';
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, date, ...subject] = line.split('\t');
      return { hash: hash!, date: date!, subject: subject.join('\t') };
    });
}
