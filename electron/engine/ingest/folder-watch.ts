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
  /** Each watched folder's (and linked file's) watcher, and the inode it watches. */
  const watched = new Map<string, { watcher: fs.FSWatcher; ino: number }>();
  let closed = false;

  const fail = (what: string, err: unknown) => {
    const e = err as NodeJS.ErrnoException;
    // Linux's inotify counts watched folders per user: past the limit nothing more is watched
    const hint = e.code === 'ENOSPC' ? ' (the limit of watched folders the system allows is reached: raise fs.inotify.max_user_watches)' : '';
    on.error(new Error(`cannot watch ${what}: ${e.message}${hint}; changes there are seen at the next full index`));
  };

  /** `on.skip`, which may throw (a root gone from under it): a throw leaves the path out, and is told. */
  const skips = (abs: string, isFolder: boolean): boolean => {
    try {
      return on.skip(abs, isFolder);
    } catch (err) {
      fail(abs, err);
      return true;
    }
  };

  /** Watches `abs` when it is a folder (a link to one is followed) not left out, and every folder
   * and linked file under it not watched yet; or, when it is a link to a file, that file (its
   * folder may lie outside every root, and the walk indexes it at the link's path). False when it
   * is neither. */
  const add = async (abs: string): Promise<boolean> => {
    const st = await fs.promises.stat(abs).catch(() => null);
    if (closed || !st || watched.has(abs)) return false;
    if (!st.isDirectory()) return st.isFile() && addLinkedFile(abs, st.ino);
    if (skips(abs, true)) return false;
    try {
      const watcher = fs.watch(abs, { persistent: true }, (event, name) => seen(abs, event, name));
      // a watched folder removed: its parent's event lets go of it (renamed); nothing to tell here
      watcher.on('error', () => drop(abs));
      watched.set(abs, { watcher, ino: st.ino });
      const entries = await fs.promises.readdir(abs, { withFileTypes: true });
      await Promise.all(entries.filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => add(path.join(abs, e.name))));
    } catch (err) {
      // gone meanwhile: the event that named it goes to the run all the same
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') fail(abs, err);
    }
    return true;
  };

  /** A link to a file, watched through the link: an edit of the file is told at the link's path. */
  const addLinkedFile = async (link: string, ino: number): Promise<boolean> => {
    const isLink = await fs.promises.lstat(link).then(
      (l) => l.isSymbolicLink(),
      () => false,
    );
    if (closed || !isLink || watched.has(link) || skips(link, false)) return false;
    try {
      const watcher = fs.watch(link, { persistent: true }, (event) => {
        if (closed) return;
        on.changed(link);
        // the file replaced (an editor's save renames over it): watch what the link names now
        if (event === 'rename') void rewatch(link);
      });
      watcher.on('error', () => drop(link));
      watched.set(link, { watcher, ino });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') fail(link, err);
    }
    return false;
  };

  const rewatch = async (abs: string) => {
    drop(abs);
    await add(abs).catch((err) => fail(abs, err));
  };

  /** Lets go of the watchers of `abs` and of every one under it. */
  const drop = (abs: string) => {
    for (const [dir, { watcher }] of watched) {
      if (dir !== abs && !dir.startsWith(abs + path.sep)) continue;
      watcher.close();
      watched.delete(dir);
    }
  };

  /** An entry that came, went or was replaced: told, unless it is a folder left out (a loop); a
   * folder there now is watched, one that was and went is let go of. */
  const renamed = async (abs: string, event: string) => {
    const entry = await fs.promises.lstat(abs).catch(() => null);
    // a link is followed to what it names; a plain file or folder is what lstat saw
    const now = entry?.isSymbolicLink() ? await fs.promises.stat(abs).catch(() => null) : entry;
    if (closed || (now?.isDirectory() && skips(abs, true))) return;
    on.changed(abs);
    const held = watched.get(abs);
    // a "rename" is the entry made, removed or moved: the same inode number is no proof it is the
    // folder watched (ext4 gives a folder removed and made again its number back)
    if (held && now?.ino === held.ino && event !== 'rename') return;
    if (held) drop(abs);
    // a plain file needs no watcher of its own: its folder's tells its changes
    if (!now || !(now.isDirectory() || entry!.isSymbolicLink())) return;
    // told again once watched, for what the folder held before its watcher was there
    if ((await add(abs)) && !closed) on.changed(abs);
  };

  /** An event Linux names with the watched folder's own name: about the folder itself (a chmod,
   * its removal), unless it holds an entry of that name. A folder gone is let go of; its parent's
   * event tells it. */
  const aboutItself = async (dir: string, abs: string, event: string) => {
    if (
      await fs.promises.lstat(abs).then(
        () => true,
        () => false,
      )
    )
      return renamed(abs, event);
    if (
      !closed &&
      !(await fs.promises.stat(dir).then(
        () => true,
        () => false,
      ))
    )
      drop(dir);
  };

  const seen = (dir: string, event: string, name: string | null) => {
    if (closed) return;
    if (!name) return on.changed(dir);
    const abs = path.join(dir, name);
    if (skips(abs, false)) return;
    const told = (work: Promise<void>) => void work.catch((err) => fail(abs, err));
    if (name === path.basename(dir)) told(aboutItself(dir, abs, event));
    // a "change" is of a file's bytes or attributes: only a "rename" (came, went) can be of a folder
    else if (event === 'rename' || watched.has(abs)) told(renamed(abs, event));
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
