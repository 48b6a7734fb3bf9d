// The worker side of read-pool.ts: one read-only connection to the index (an SQLite file), or a
// small pool of its own (PostgreSQL), answering searches and page reads sent by the thread that writes. What it answers is plain data; an error crosses as
// its name, message and code, and read-pool.ts makes it the error it was.
import { parentPort, workerData } from 'node:worker_threads';
import type { Parsed } from '../../shared/dispatch.ts';
import type { FusionDefaults } from '../../shared/search.ts';
import { pageView } from './graph/page-view.ts';
import type { Viewer } from '../../shared/viewer.ts';
import { search, type SemanticRan } from './search/search.ts';
import { openReadStore, readersYieldToWrites } from './store/open-store.ts';
import { lowerThisThread } from './thread-priority.ts';
import type { Store } from './store/store.ts';

export type ReadRequest =
  | { id: number; method: 'search'; request: Parsed<'search'>; semantic: SemanticRan; defaults: FusionDefaults; passages: boolean }
  | { id: number; method: 'getPage'; request: Parsed<'getPage'>; viewer: Viewer };

export type ReadAnswer = { id: number; value: unknown } | { id: number; error: { name: string; message: string; code?: unknown; missing?: unknown } };

const location = (workerData as { db: string }).db;
/** A worker answers one request at a time, so two connections are plenty. */
const store: Store = openReadStore(location);
if (readersYieldToWrites(location)) lowerThisThread();

async function answer(r: ReadRequest): Promise<unknown> {
  if (r.method === 'search') return search({ store, semantic: r.semantic, defaults: r.defaults }, r.request, { passages: r.passages });
  return pageView(store, r.request, r.viewer);
}

parentPort!.on('message', (r: ReadRequest) => {
  answer(r).then(
    (value) => parentPort!.postMessage({ id: r.id, value } satisfies ReadAnswer),
    (err: Error & { code?: unknown; missing?: unknown }) =>
      parentPort!.postMessage({ id: r.id, error: { name: err.name, message: err.message, code: err.code, missing: err.missing } } satisfies ReadAnswer),
  );
});
