// Watches the roots and re-indexes shortly after a change, whoever made it (an editor, an agent,
// git). Editors save in bursts (temp file, rename, chmod), so changes are gathered for a moment
// and indexed in one incremental run that looks only at the paths that changed, never walking the
// whole tree for one saved file. A run that fails (another process held the database for too
// long, a disk hiccup) keeps its paths and is tried again.
import path from 'node:path';
import { watchFolders } from './folder-watch.ts';
import { throughLoop } from './walk.ts';

export const WATCH_DEBOUNCE_MS = 300;
/** Past this many changed paths (a `git checkout`), walking the roots is cheaper than looking at each. */
const MAX_PATHS = 500;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

export interface RootWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

/** What the watcher needs of the engine it serves (the Engine, or an EngineApi): the roots to
 * watch, and a way to index the paths that changed. */
export interface WatchedIndex {
  readonly settings: { readonly roots: readonly string[] };
  reindexPaths(paths: string[]): Promise<unknown>;
  /** Of these paths, those whose files differ from the index: a page this server (or another sharing the folder) wrote is indexed already. */
  changedPaths(paths: string[]): Promise<string[]>;
}

/** The innermost root `abs` lies under: with nested roots, the one whose rules apply to it. */
function rootOf(roots: readonly string[], abs: string): string | undefined {
  return roots.filter((r) => abs.startsWith(r + path.sep)).reduce<string | undefined>((a, r) => (a && a.length >= r.length ? a : r), undefined);
}

/** A folder that links back to one above it in its root: the walk does not follow it, nor does the watcher. */
function isLoop(roots: readonly string[], abs: string): boolean {
  const root = rootOf(roots, abs);
  return root !== undefined && throughLoop(root, path.relative(root, abs).split(path.sep).join('/'));
}

/** Dot-folders hold tooling and caches (.git, .obsidian) that change constantly; only those inside
 * a root count: a root may itself live in one (~/.config/wiki, or a dot-folder of another root). */
function inDotFolder(roots: readonly string[], abs: string): boolean {
  const root = rootOf(roots, abs);
  return root !== undefined && /(^|[/\\])(\.(?!cairnignore$)[^/\\]+|node_modules)([/\\]|$)/.test(abs.slice(root.length + 1));
}

export function watchRoots(engine: WatchedIndex, onError: (err: Error) => void = () => {}): RootWatcher {
  const roots = engine.settings.roots.map((r) => path.resolve(r));
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let closed = false;

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), ms);
  };
  const run = async () => {
    timer = null;
    const paths = pending.size > MAX_PATHS ? [...engine.settings.roots] : [...pending];
    pending.clear();
    try {
      const changed = await engine.changedPaths(paths);
      if (changed.length) await engine.reindexPaths(changed);
      failures = 0;
    } catch (err) {
      if (closed) return;
      for (const p of paths) pending.add(p);
      const wait = RETRY_MS[failures++];
      onError(new Error(`${(err as Error).message}${wait ? `; trying again in ${wait / 1000} s` : '; will try again at the next change'}`));
      if (wait) schedule(wait);
      else failures = 0;
    }
  };
  const watcher = watchFolders(roots, {
    changed(abs) {
      pending.add(abs);
      // a file still being written sends more events, and each puts the run off again, so the run reads it once it is quiet
      if (failures === 0) schedule(WATCH_DEBOUNCE_MS);
    },
    error: onError,
    // a root is watched whatever another root around it says of its path
    skip: (abs, isFolder) => !roots.includes(abs) && (inDotFolder(roots, abs) || (isFolder && isLoop(roots, abs))),
  });
  return {
    ready: watcher.ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
