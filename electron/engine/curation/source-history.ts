// What happened to a file a page names in its `sources`: read through git where the file is inside a
// repository (never by parsing .git by hand), its mtime otherwise. Git runs as a child process the
// event loop does not wait for (a server answers searches meanwhile), a few at a time; a file's last
// commit is remembered by the repository's HEAD, so a write asks git only what a commit can have
// changed, and nothing at all while HEAD has not moved.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Commit {
  hash: string;
  date: string;
  subject: string;
}

/** Git processes at once: enough to overlap their start-up, few enough to leave the cores to searches. */
const MAX_RUNNING = 4;
/** Last commits remembered, by HEAD and file; past this the memo starts again (a HEAD moves on anyway). */
const MAX_REMEMBERED = 50_000;

let running = 0;
const waiting: (() => void)[] = [];
const lastCommits = new Map<string, Date | null>();

async function gitIn(dir: string, args: string[]): Promise<string | null> {
  // a finishing run hands its place straight to the next in line
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await new Promise<string | null>((resolve) => {
      execFile('git', ['-C', dir, ...args], { encoding: 'utf8', timeout: 10_000, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) => resolve(err ? null : stdout));
    });
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The folder git runs in for a file: the file itself when it is a folder. */
async function folderOf(file: string): Promise<string | null> {
  try {
    return (await fs.promises.stat(file)).isDirectory() ? file : path.dirname(file);
  } catch {
    return null;
  }
}

interface Repo {
  gitDir: string;
  /** The HEAD last read, and the state of the files git rewrites whenever HEAD moves, when it was read. */
  head: string | null;
  seen: string | null;
}

/** Each folder's repository (null: none), found once per full run; each repository's HEAD. */
const repoOfFolder = new Map<string, Promise<Repo | null>>();
const repos = new Map<string, Repo>();

/** The next full run asks git again which folders are in a repository (one may have been made). */
export function forgetRepositories(): void {
  repoOfFolder.clear();
}

async function repoOf(dir: string): Promise<Repo | null> {
  if (!repoOfFolder.has(dir)) {
    repoOfFolder.set(
      dir,
      gitIn(dir, ['rev-parse', '--absolute-git-dir']).then((out) => {
        const gitDir = out?.trim();
        if (!gitDir) return null;
        if (!repos.has(gitDir)) repos.set(gitDir, { gitDir, head: null, seen: null });
        return repos.get(gitDir)!;
      }),
    );
  }
  return repoOfFolder.get(dir)!;
}

/** HEAD's reflog grows (and HEAD or packed-refs are rewritten) whenever HEAD moves: while their sizes
 * and times stay, HEAD has not moved, and git need not be asked. Without a reflog it is asked each time. */
async function headState(gitDir: string): Promise<string | null> {
  const stat = (f: string) =>
    fs.promises.stat(path.join(gitDir, f)).then(
      (s) => `${s.size}:${s.mtimeMs}`,
      () => '-',
    );
  const [log, head, packed] = await Promise.all([stat('logs/HEAD'), stat('HEAD'), stat('packed-refs')]);
  return log === '-' ? null : `${log} ${head} ${packed}`;
}

/** null when the folder is in no repository (or git is not installed, or the repository has no commit). */
async function headOf(dir: string): Promise<string | null> {
  const repo = await repoOf(dir);
  if (!repo) return null;
  const state = await headState(repo.gitDir);
  if (state === null || state !== repo.seen) {
    repo.head = (await gitIn(dir, ['rev-parse', '--verify', '-q', 'HEAD']))?.trim() || null;
    repo.seen = state;
  }
  return repo.head;
}

/** When files last changed, for files read together: HEAD looked at once per folder. */
export class SourceDates {
  private heads = new Map<string, Promise<string | null>>();

  /** Its last commit where git knows it, its mtime otherwise; null when it is gone. */
  async changedAt(file: string): Promise<Date | null> {
    return (await this.lastCommit(file)) ?? mtime(file);
  }

  async lastCommit(file: string): Promise<Date | null> {
    const dir = await folderOf(file);
    if (!dir) return null;
    if (!this.heads.has(dir)) this.heads.set(dir, headOf(dir));
    const head = await this.heads.get(dir)!;
    if (!head) return null;
    const key = `${head}\0${file}`;
    if (!lastCommits.has(key)) {
      const out = (await gitIn(dir, ['log', '-1', '--format=%cI', '--', file]))?.trim();
      if (lastCommits.size >= MAX_REMEMBERED) lastCommits.clear();
      lastCommits.set(key, out ? new Date(out) : null);
    }
    return lastCommits.get(key)!;
  }
}

export function mtime(file: string): Date | null {
  try {
    return fs.statSync(file).mtime;
  } catch {
    return null;
  }
}

/** The commits that touched the file after `since` (a date), newest first; null when git does not know the file.
 * `dates`: the caller's, so a last commit it already asked for is not asked again. */
export async function commitsSince(file: string, since: string | null, limit: number, dates: SourceDates): Promise<Commit[] | null> {
  const dir = await folderOf(file);
  if (!dir || !(await dates.lastCommit(file))) return null;
  const out = (await gitIn(dir, ['log', `-${limit}`, '--format=%h%x09%cI%x09%s', ...(since ? [`--since=${since}T23:59:59`] : []), '--', file])) ?? '';
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [hash, date, ...subject] = line.split('\t');
      return { hash: hash!, date: date!, subject: subject.join('\t') };
    });
}
