// The engine as a door in this process calls it (the CLI, tests, benchmarks): every contract
// method through `dispatch`, so raw input is parsed once against the contract exactly as over IPC,
// HTTP or MCP; beside them, the engine's own handles that are not part of the contract, those that
// write run as dispatch runs a write (`guarded`: refused on a read-only index, failures explained).
// The engine itself is not handed out: a door that dispatches as its own callers (HTTP, MCP) takes
// `service`, which is only what dispatch calls.
import type { CairnApi } from '../../shared/contract.ts';
import { bindApi, guarded, type CairnService } from '../../shared/dispatch.ts';
import type { Engine } from './engine.ts';
import { sqliteConnectionOf, type SqliteConnection } from './store/open-store.ts';

export type EngineApi = CairnApi &
  Pick<
    Engine,
    | 'events'
    | 'settings'
    | 'semantic'
    | 'reindexPaths'
    | 'changedPaths'
    | 'forgetRoots'
    | 'close'
    | 'loadModel'
    | 'keepVectorsInMemory'
    | 'isEmpty'
    | 'fusionDefaults'
    | 'startReaders'
    | 'cluster'
    | 'hearOtherServers'
    | 'drainMentions'
    | 'switchModel'
  > & {
    /** What a door hands to `dispatch` with its own caller (an agent over HTTP or MCP). */
    service: CairnService;
    /** The SQLite connection, for tests that look at or damage the index file directly; throws on a PostgreSQL store. */
    readonly db: SqliteConnection;
    readonly readOnly: boolean;
    readonly closed: boolean;
  };

export function engineApi(engine: Engine): EngineApi {
  return {
    ...bindApi(engine),
    service: engine,
    get db(): SqliteConnection {
      const db = sqliteConnectionOf(engine.store);
      if (db) return db;
      throw new Error("this engine's index is in PostgreSQL: there is no SQLite connection");
    },
    get readOnly() {
      return engine.store.readOnly;
    },
    get closed() {
      return engine.closed;
    },
    events: engine.events,
    settings: engine.settings,
    semantic: engine.semantic,
    reindexPaths: (paths) => guarded(engine, 'write', () => engine.reindexPaths(paths)),
    changedPaths: (paths) => engine.changedPaths(paths),
    forgetRoots: (roots) => guarded(engine, 'write', () => engine.forgetRoots(roots)),
    switchModel: (model, onProgress) => guarded(engine, 'write', () => engine.switchModel(model, onProgress)),
    close: () => engine.close(),
    loadModel: () => engine.loadModel(),
    keepVectorsInMemory: () => engine.keepVectorsInMemory(),
    isEmpty: () => engine.isEmpty(),
    fusionDefaults: () => engine.fusionDefaults(),
    startReaders: () => engine.startReaders(),
    cluster: engine.cluster,
    hearOtherServers: () => engine.hearOtherServers(),
    drainMentions: () => guarded(engine, 'write', () => engine.drainMentions()),
  };
}
