// One fs.watch a folder, over every folder of the roots (folders linked in followed; what `skip`
// names, dot-folders and loops, left out), telling the path of each entry that changed, came or
// went. A folder that comes is watched with all it holds; one that goes lets go of its watchers.
//
// Why not chokidar, which Cairn used before: on every change in a folder chokidar lists the folder
// again and lstats each entry (at most once a second, and once more after), to tell an added file
// from a changed one. Cairn's runs look at each path they are given themselves (changedPaths), so a
// name is all they need. With 16 agents writing new pages into one folder of a few thousand, that
// listing took a sixth of the server's main thread (docs/benchmarks.md, issue 30), and every server
// sharing the folder paid it for every other server's writes.
import fs from 'node:fs';
import path from 'node:path';

export interface FolderEvents {
  /** An entry of a watched folder changed, came or went (a folder's own path when the platform names no entry). */
  changed(abs: string): void;
  error(err: Error): void;
  /** Left out: not watched (a folder) and not told (any path). */
  skip(abs: string, isFolder: boolean): boolean;
}

export interface FolderWatch {
  /** Settles once every folder the roots hold is watched. */
  ready: Promise<void>;
  close(): void;
}

export function watchFolders(roots: readonly string[], on: FolderEvents): FolderWatch {
  /** Each watched folder's watcher, and which folder it is (a folder removed and made again under
   * the same name, as a git checkout does, is another one: watched again). */
  const watched = new Map<string, { watcher: fs.FSWatcher; ino: number }>();
  let closed = false;

  const fail = (what: string, err: unknown) => {
    const e = err as NodeJS.ErrnoException;
    // Linux's inotify counts watched folders per user: past the limit nothing more is watched
    const hint = e.code === 'ENOSPC' ? ' (the limit of watched folders the system allows is reached: raise fs.inotify.max_user_watches)' : '';
    on.error(new Error(`cannot watch ${what}: ${e.message}${hint}; changes there are seen at the next full index`));
  };

  /** Watches `dir` when it is a folder (a link to one is followed) not left out, and every folder
   * under it not watched yet; false when it is none. */
  const add = async (dir: string): Promise<boolean> => {
    const st = await fs.promises.stat(dir).catch(() => null);
    if (closed || !st?.isDirectory() || watched.has(dir) || on.skip(dir, true)) return false;
    try {
      const watcher = fs.watch(dir, { persistent: true }, (event, name) => seen(dir, event, name));
      // a watched folder removed: its parent's event lets go of it (recheck); nothing to tell here
      watcher.on('error', () => drop(dir));
      watched.set(dir, { watcher, ino: st.ino });
      const entries = await fs.promises.readdir(dir, { withFileTypes: true });
      await Promise.all(entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => add(path.join(dir, e.name))));
    } catch (err) {
      // gone meanwhile: the event that named it goes to the run all the same
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') fail(dir, err);
    }
    return true;
  };

  /** Lets go of the watchers of `abs` and of every folder under it. */
  const drop = (abs: string) => {
    for (const [dir, { watcher }] of watched) {
      if (dir !== abs && !dir.startsWith(abs + path.sep)) continue;
      watcher.close();
      watched.delete(dir);
    }
  };

  /** An entry that came, went or was replaced: told, unless it is a folder left out (a loop); a
   * folder there now is watched, one that was and went is let go of. */
  const renamed = async (abs: string) => {
    const now = await fs.promises.stat(abs).catch(() => null);
    if (closed || (now?.isDirectory() && on.skip(abs, true))) return;
    on.changed(abs);
    const held = watched.get(abs);
    if (held && now?.isDirectory() && now.ino === held.ino) return;
    if (held) drop(abs);
    // told again once watched, for what the folder held before its watcher was there
    if ((await add(abs)) && !closed) on.changed(abs);
  };

  const seen = (dir: string, event: string, name: string | null) => {
    if (closed) return;
    if (!name) return on.changed(dir);
    const abs = path.join(dir, name);
    if (on.skip(abs, false)) return;
    // a "change" is of a file's bytes or attributes: only a "rename" (came, went) can be of a folder
    if (event === 'rename' || watched.has(abs)) void renamed(abs);
    else on.changed(abs);
  };

  const ready = Promise.all(roots.map((r) => add(r))).then(() => undefined);
  return {
    ready,
    close() {
      closed = true;
      for (const { watcher } of watched.values()) watcher.close();
      watched.clear();
    },
  };
}
