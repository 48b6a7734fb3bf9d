// An engine as the real watcher sees it, with every path the watcher hands the index recorded: for
// tests that ask which runs a watcher started, and for what.
import type { EngineApi } from '../engine-api.ts';
import type { WatchedIndex } from '../ingest/watch.ts';

/** `engine` to watch; each path the watcher hands its runs is pushed to `named`. */
export function namingIndex(engine: Pick<EngineApi, 'settings' | 'reindexPaths' | 'changedPaths'>, named: string[]): WatchedIndex {
  return {
    settings: engine.settings,
    reindexPaths: (paths) => (named.push(...paths), engine.reindexPaths(paths)),
    changedPaths: (paths) => engine.changedPaths(paths),
  };
}
