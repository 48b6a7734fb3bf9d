// The life of a long-running Cairn process, whichever door it serves (the desktop app's main
// process, `cairn serve`, an MCP stdio server): open the engine, let the door wire itself to it,
// watch the roots, index them, load the embedding model, and on the way out close it all in
// order. Search answers throughout: until the model has loaded it runs on the other lanes.
//
// A layer above the engine and below the doors: it imports electron/engine only, never a door
// (electron/main, electron/server, electron/cli), so each of them can use it. It writes nothing
// itself: what happens is told through `onProgress`, in the door's own words.
import type { IndexReport } from '../../shared/indexing.ts';
import { redactUrl } from '../engine/config/pg-url.ts';
import { resolveSettings, type Settings } from '../engine/config/settings.ts';
import { Engine } from '../engine/engine.ts';
import { engineApi, type EngineApi } from '../engine/engine-api.ts';
import { watchRoots, type RootWatcher } from '../engine/ingest/watch.ts';

/** What the host tells its door, in order of the lifecycle. */
export type HostProgress =
  /** Settings resolved (and which source won each), before the database opens. */
  | { kind: 'settings'; settings: Settings }
  /** The index cannot be written: search, links and pages work; nothing is indexed or watched. */
  | { kind: 'read-only'; db: string }
  /** The watcher's first scan of the roots is done: changes from now on are indexed. */
  | { kind: 'watching'; roots: string[] }
  /** The first indexing run finished. */
  | { kind: 'indexed'; report: IndexReport }
  /** The first indexing run failed (the index stays as it was). */
  | { kind: 'index-failed'; error: Error }
  /** Indexing after a change on disk failed; the watcher tries again. */
  | { kind: 'change-failed'; error: Error }
  /**
   * On an index other servers share (PostgreSQL): whether this one leads, watching the roots and
   * running full re-indexes. Told once decided, then at every change: false when it lost its
   * connection to the database (it stops watching), true when it took over from a leader that died.
   */
  | { kind: 'leader'; leading: boolean }
  /** Loading the embedding model settled: `unavailable` says why the semantic lane is off, if it is. */
  | { kind: 'model'; unavailable: string | null };

/** Undoes a door's wiring (stops forwarding events, closes a server): run by `close()`. */
export type Detach = () => void | Promise<void>;

export interface HostOptions {
  /** Roots, database and model as the door was given them; unset ones come from the environment, the config file, the defaults. */
  roots?: string[];
  db?: string | undefined;
  model?: string | undefined;
  reranker?: string | undefined;
  /** Where CAIRN_* settings and CAIRN_CONFIG are read (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Re-index the roots shortly after a file changes on disk. */
  watch: boolean;
  /** The first indexing run (default 'background'); skipped when the index is read-only. */
  reindex?: 'background' | 'now' | 'never';
  /** 'background': search runs on the other lanes until it has loaded; 'now': `startHost` waits for it. */
  loadModel: 'background' | 'now' | 'never';
  /**
   * The door's wiring (IPC handlers, event forwarding, a server), run once the engine is open and
   * before anything is watched or indexed, so the door hears every event of the first run. What it
   * returns is run by `close()` after the watcher stops and before the database closes.
   */
  attach?: (engine: EngineApi) => Detach | void | Promise<Detach | void>;
  onProgress?: (progress: HostProgress) => void;
}

export interface Host {
  engine: EngineApi;
  settings: Settings;
  /** Null when not watching (asked not to, the index is read-only, or another server sharing it leads). */
  readonly watcher: RootWatcher | null;
  /** The first indexing run: its report, or null when none ran (another server leads) or it failed (told through onProgress). Never rejects. */
  indexed: Promise<IndexReport | null>;
  /** Settles when the model has loaded or could not be (then search goes on without the semantic lane). Never rejects. */
  modelLoaded: Promise<void>;
  /** Stops the watcher, detaches the door, closes the database, in that order. Safe to call again: every call gets the same promise. */
  close(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<Host> {
  const tell = options.onProgress ?? (() => {});
  const settings = resolveSettings({ roots: options.roots, db: options.db, model: options.model, reranker: options.reranker, env: options.env });
  tell({ kind: 'settings', settings });
  const engine = engineApi(Engine.open(settings));

  let detach: Detach | void = undefined;
  try {
    detach = await options.attach?.(engine);
  } catch (err) {
    await engine.close();
    throw err;
  }

  let closing: Promise<void> | null = null;
  const readOnly = engine.readOnly;
  if (readOnly) tell({ kind: 'read-only', db: redactUrl(settings.db) });

  const reindex = (): Promise<IndexReport | null> =>
    readOnly || options.reindex === 'never'
      ? Promise.resolve(null)
      : engine.reindex().then(
          (report) => (tell({ kind: 'indexed', report }), report),
          (error: Error) => (closing || tell({ kind: 'index-failed', error }), null),
        );
  // a page saved in an editor or written by an agent is re-indexed, and the doors hear of it
  const watching = options.watch && !readOnly ? leadWatching(engine, settings, tell, reindex, () => closing !== null) : null;
  const indexed = watching ? watching.indexed : reindex();

  // a long-running process answers many searches: chunk vectors are scanned in memory, and searches
  // and page reads run on reader threads, never waiting behind this thread's writes; what other
  // servers sharing the index change reaches its doors as well
  engine.hearOtherServers();
  engine.keepVectorsInMemory();
  engine.startReaders();
  const modelLoaded: Promise<void> =
    options.loadModel === 'never'
      ? Promise.resolve()
      : engine.loadModel().then(
          () => void (closing || tell({ kind: 'model', unavailable: engine.semantic.unavailable })),
          (error: Error) => void (closing || tell({ kind: 'model', unavailable: error.message })),
        );

  if (options.reindex === 'now') await indexed;
  if (options.loadModel === 'now') await modelLoaded;

  const close = async () => {
    try {
      await watching?.stop();
    } finally {
      try {
        await detach?.();
      } finally {
        await engine.close();
      }
    }
  };
  return {
    engine,
    settings,
    get watcher() {
      return watching?.watcher ?? null;
    },
    indexed,
    modelLoaded,
    close: () => (closing ??= close()),
  };
}

/**
 * Watches the roots while this server leads (store/cluster.ts): on SQLite at once and for good; on
 * PostgreSQL while it holds the leader's lock. Each time it becomes the leader it also runs a full
 * re-index, the first run at start or the catching up of what changed while no one watched (the
 * leader died). A follower's `indexed` is null: the leader indexes.
 */
function leadWatching(
  engine: EngineApi,
  settings: Settings,
  tell: (p: HostProgress) => void,
  reindex: () => Promise<IndexReport | null>,
  closing: () => boolean,
) {
  let watcher: RootWatcher | null = null;
  let stopped: Promise<void> = Promise.resolve();
  let decided!: (first: Promise<IndexReport | null>) => void;
  const indexed = new Promise<IndexReport | null>((resolve) => (decided = resolve));
  const leadership = engine.cluster.lead((leading) => {
    if (closing()) return;
    if (!engine.cluster.alone) tell({ kind: 'leader', leading });
    if (!leading) {
      const was = watcher;
      watcher = null;
      stopped = was ? was.close() : stopped;
      return decided(Promise.resolve(null));
    }
    const w = (watcher = watchRoots(engine, (error) => void (closing() || tell({ kind: 'change-failed', error }))));
    void w.ready.then(() => closing() || watcher !== w || tell({ kind: 'watching', roots: settings.roots }));
    const run = reindex();
    decided(run);
  });
  return {
    get watcher() {
      return watcher;
    },
    indexed,
    async stop() {
      await leadership.stop();
      await Promise.all([watcher?.close(), stopped]);
      watcher = null;
    },
  };
}
