// A fixture's wiki indexed and watched by the real watcher, for the watcher's tests: what the
// watcher hands the index and the errors it reports are recorded, and after each test every
// watcher is closed and every fixture removed.
import { afterEach } from 'vitest';
import { watchRoots } from '../ingest/watch.ts';
import type { Fixture, FixtureEngine } from './wiki-fixture.ts';

export interface Watched {
  engine: FixtureEngine;
  /** Each path the watcher handed the index's runs. */
  named: string[];
  /** Each path the watcher asked the index about (changedPaths), changed or not. */
  asked: string[];
  errors: string[];
  /** The indexed pages' paths, sorted. */
  paths(): Promise<string[]>;
  close(): Promise<void>;
}

/** Call once in a test file: `keep` a fixture to remove after the test, `watch` one's wiki. */
export function watchedWikis() {
  const open: { fx: Fixture; close?: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.close?.();
      o.fx.cleanup();
    }
  });
  return {
    keep(fx: Fixture): Fixture {
      open.push({ fx });
      return fx;
    },
    /** `engine` (the fixture's own by default) indexed, then watched until the test ends or `close`. */
    async watch(fx: Fixture, engine: FixtureEngine = fx.engine()): Promise<Watched> {
      const named: string[] = [];
      const asked: string[] = [];
      const errors: string[] = [];
      await engine.reindex();
      const index = {
        settings: engine.settings,
        reindexPaths: (paths: string[]) => (named.push(...paths), engine.reindexPaths(paths)),
        changedPaths: (paths: string[]) => (asked.push(...paths), engine.changedPaths(paths)),
      };
      const watcher = watchRoots(index, (err) => errors.push(err.message));
      const close = () => watcher.close();
      open.push({ fx, close });
      await watcher.ready;
      return { engine, named, asked, errors, paths: async () => (await engine.pages({})).pages.map((p) => p.path).sort(), close };
    },
  };
}
