// Watches the roots and re-indexes shortly after a change, whoever made it (an editor, an agent,
// git). Editors save in bursts (temp file, rename, chmod), so changes are gathered for a moment
// and indexed in one incremental run.
import { watch, type FSWatcher } from 'chokidar';
import type { Engine } from '../engine.ts';

export const WATCH_DEBOUNCE_MS = 300;

export interface RootWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchRoots(engine: Engine, onError: (err: Error) => void = () => {}): RootWatcher {
  const watcher: FSWatcher = watch(engine.settings.roots, {
    ignoreInitial: true,
    // dot-folders hold tooling and caches (.git, .obsidian) that change constantly
    ignored: (p: string) => /(^|[/\\])(\.(?!cairnignore$)[^/\\]+|node_modules)([/\\]|$)/.test(p),
    awaitWriteFinish: { stabilityThreshold: 100, pollInterval: 50 },
  });
  let timer: NodeJS.Timeout | null = null;
  const run = async () => {
    timer = null;
    try {
      // a run already under way may have read the folder before this change: let it finish, then look again
      if (engine.isIndexing()) await engine.reindex();
      await engine.reindex();
    } catch (err) {
      onError(err as Error);
    }
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), WATCH_DEBOUNCE_MS);
  };
  watcher.on('all', schedule);
  watcher.on('error', (err) => onError(err as Error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    async close() {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}
