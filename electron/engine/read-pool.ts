// Searches and page reads off the thread that writes. A long-running process (cairn serve, cairn
// mcp, through host/start-host.ts) writes on its main thread in synchronous SQLite transactions;
// a search run there waits for each of them and holds up every write and request while it ranks.
// Here a few worker threads (read-worker.ts), each with its own read-only connection to the same
// WAL database, answer instead: a read sees every write committed before it started.
//
// The semantic lane stays on the calling thread: the model and the chunk vectors kept in memory
// (embed/vector-scan.ts) live there, and copying them into every worker would multiply the
// process's largest memory by the pool's size for a scan that is a small part of a search. So
// the caller runs that lane first (runSemanticLane) and a worker does the rest: the lexical,
// token and graph lanes, fusion and the results' text.
//
// Where no worker can start (the Electron bundle, see worker-code.ts) or one has died, the read
// runs on the calling thread as before: a read never fails because of the pool.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Parsed } from '../../shared/dispatch.ts';
import { BadRequest, CairnError, ERROR_CODES, NotFound, type ErrorCode } from '../../shared/errors.ts';
import type { Page } from '../../shared/page.ts';
import type { FusionDefaults } from '../../shared/search.ts';
import { pageView } from './graph/page-view.ts';
import type { Viewer } from '../../shared/viewer.ts';
import type { ReadAnswer, ReadRequest } from './read-worker.ts';
import type { SemanticSource } from './search/semantic.ts';
import { runSemanticLane, search, type SearchAnswer } from './search/search.ts';
import type { Store } from './store/store.ts';
import { workerCode } from './worker-code.ts';
import { readersYieldToWrites } from './store/open-store.ts';
import { startThreadPoolHere } from './thread-priority.ts';

declare const CAIRN_READ_WORKER: string | undefined;

/** Readers in a pool: two on a small machine, at most four; CAIRN_READERS=N overrides it (0: every read on the calling thread, as a benchmark's baseline). */
export function readPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number.parseInt(env.CAIRN_READERS ?? '', 10);
  return Number.isInteger(asked) && asked >= 0 ? Math.min(asked, 16) : Math.min(4, Math.max(2, os.availableParallelism() - 1));
}

/** A reader died (or the pool closed) before answering: the caller reads on its own thread instead. */
class ReaderGone extends Error {}

/** A request before it has its id (Omit spread over each kind). */
type Unsent = ReadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

class Reader {
  readonly waiting = new Map<number, Pending>();
  gone = false;

  constructor(readonly worker: Worker) {
    worker.on('message', (a: ReadAnswer) => {
      const p = this.waiting.get(a.id);
      this.waiting.delete(a.id);
      if ('error' in a) p?.reject(revive(a.error));
      else p?.resolve(a.value);
    });
    const gone = (why: string) => {
      this.gone = true;
      for (const p of this.waiting.values()) p.reject(new ReaderGone(why));
      this.waiting.clear();
    };
    worker.on('error', (err: Error) => gone(`a read worker failed: ${err.message}`));
    worker.on('exit', (code) => gone(`a read worker exited (${code})`));
    // a pool left open must never keep its process running
    worker.unref();
  }
}

export interface SearchDeps {
  store: Store;
  semantic: SemanticSource;
  defaults: FusionDefaults;
}

export class ReadPool {
  private next = 0;

  private constructor(private readers: Reader[]) {}

  /** A pool reading `dbFile`, or null where no worker can start here. */
  static start(dbFile: string, size = readPoolSize()): ReadPool | null {
    const code = workerCode(typeof CAIRN_READ_WORKER === 'string' ? CAIRN_READ_WORKER : undefined, new URL('./read-worker.ts', import.meta.url));
    if (!code) return null;
    if (readersYieldToWrites(dbFile)) startThreadPoolHere();
    try {
      return new ReadPool(
        Array.from({ length: size }, (_, i) => new Reader(new Worker(code, { eval: true, name: `cairn read ${i}`, workerData: { db: dbFile } }))),
      );
    } catch {
      return null;
    }
  }

  /** The semantic lane here, the rest on a reader. */
  async search(deps: SearchDeps, request: Parsed<'search'>, options: { passages: boolean }): Promise<SearchAnswer> {
    const semantic = await runSemanticLane(deps, request);
    return this.ask<SearchAnswer>({ method: 'search', request, semantic, defaults: deps.defaults, ...options }, () =>
      search({ ...deps, semantic }, request, options),
    );
  }

  getPage(store: Store, request: Parsed<'getPage'>, viewer: Viewer): Promise<Page> {
    return this.ask<Page>({ method: 'getPage', request, viewer }, () => pageView(store, request, viewer));
  }

  async close(): Promise<void> {
    const readers = this.readers.splice(0);
    await Promise.all(readers.map((r) => r.worker.terminate()));
  }

  /** On the reader with the least to do; on this thread (`here`) when none is left or it died meanwhile. */
  private async ask<T>(message: Unsent, here: () => T | Promise<T>): Promise<T> {
    const live = this.readers.filter((r) => !r.gone);
    if (live.length === 0) return here();
    const reader = live.reduce((a, b) => (b.waiting.size < a.waiting.size ? b : a));
    const id = this.next++;
    try {
      return await new Promise<T>((resolve, reject) => {
        reader.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        reader.worker.postMessage({ ...message, id } as ReadRequest);
      });
    } catch (err) {
      if (err instanceof ReaderGone) return here();
      throw err;
    }
  }
}

/** The error a worker threw, as the caller would have met it: ours keep their code (a read's own
 * refusals their class), SQLite's its code (busy, damaged). */
function revive(e: { name: string; message: string; code?: unknown; missing?: unknown }): Error {
  const ours = typeof e.code === 'string' && (ERROR_CODES as readonly string[]).includes(e.code);
  const err: Error & { code?: unknown } =
    e.code === 'not-found'
      ? new NotFound(e.message)
      : e.code === 'bad-request'
        ? new BadRequest(e.message)
        : ours
          ? new CairnError(e.code as ErrorCode, e.message, Array.isArray(e.missing) ? e.missing.map(String) : [])
          : new Error(e.message);
  err.name = e.name;
  if (!ours && e.code !== undefined) err.code = e.code;
  return err;
}
