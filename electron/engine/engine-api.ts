// The engine as a door in this process calls it (the CLI, tests, benchmarks): every contract
// method through `dispatch`, so raw input is parsed once against the contract exactly as over IPC,
// HTTP or MCP; beside them, the engine's own handles that are not part of the contract.
import type { CairnApi } from '../../shared/contract.ts';
import { bindApi } from '../../shared/dispatch.ts';
import type { Engine } from './engine.ts';

export type EngineApi = CairnApi &
  Pick<Engine, 'db' | 'events' | 'settings' | 'semantic' | 'reindexPaths' | 'forgetRoots' | 'close' | 'loadModel' | 'keepVectorsInMemory' | 'isEmpty' | 'fusionDefaults'> & { engine: Engine };

export function engineApi(engine: Engine): EngineApi {
  return {
    ...bindApi(engine),
    engine,
    db: engine.db,
    events: engine.events,
    settings: engine.settings,
    semantic: engine.semantic,
    reindexPaths: (paths) => engine.reindexPaths(paths),
    forgetRoots: (roots) => engine.forgetRoots(roots),
    close: () => engine.close(),
    loadModel: () => engine.loadModel(),
    keepVectorsInMemory: () => engine.keepVectorsInMemory(),
    isEmpty: () => engine.isEmpty(),
    fusionDefaults: () => engine.fusionDefaults(),
  };
}
