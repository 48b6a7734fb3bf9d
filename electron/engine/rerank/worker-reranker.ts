// A reranker on a thread of its own (rerank-worker.ts): the cross-encoder's runs are synchronous,
// and on the engine's thread each batch would hold up every door's requests and every write while
// it ran. Where no worker can start (the Electron bundle: see worker-code.ts) the model is loaded
// on the calling thread instead, in small batches.
import { Worker } from 'node:worker_threads';
import { workerCode } from '../worker-code.ts';
import { checkRerankerFolder, loadCrossEncoder, type Reranker } from './cross-encoder.ts';
import type { RerankAnswer, RerankRequest } from './rerank-worker.ts';

declare const CAIRN_RERANK_WORKER: string | undefined;

export async function loadReranker(dir: string, id: string): Promise<Reranker> {
  const code = workerCode(typeof CAIRN_RERANK_WORKER === 'string' ? CAIRN_RERANK_WORKER : undefined, new URL('./rerank-worker.ts', import.meta.url));
  if (!code) return loadCrossEncoder(dir, id);
  // a folder that is plainly not a model fails here, before a thread is started for it
  checkRerankerFolder(dir);
  const worker = new Worker(code, { eval: true, name: `cairn reranker ${id}`, workerData: { dir, id } });
  const reranker = new WorkerReranker(id, worker);
  try {
    await reranker.loaded;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  // idle, it must never keep its process running; a search it scores holds it (score)
  worker.unref();
  return reranker;
}

type Pending = { resolve: (scores: number[]) => void; reject: (err: Error) => void };

class WorkerReranker implements Reranker {
  readonly loaded: Promise<void>;
  private readonly waiting = new Map<number, Pending>();
  private next = 0;
  private gone: Error | null = null;

  constructor(
    readonly id: string,
    private readonly worker: Worker,
  ) {
    this.loaded = new Promise((resolve, reject) => {
      worker.on('message', (a: RerankAnswer) => {
        if ('loaded' in a) return resolve();
        if ('loadFailed' in a) return reject(new Error(a.loadFailed));
        const p = this.waiting.get(a.id);
        this.settled(a.id);
        if ('scores' in a) p?.resolve(a.scores);
        else p?.reject(new Error(a.error));
      });
      const end = (err: Error) => {
        this.gone = err;
        reject(err);
        for (const p of this.waiting.values()) p.reject(err);
        this.waiting.clear();
      };
      worker.on('error', (err: Error) => end(new Error(`the reranker's thread failed: ${err.message}`)));
      worker.on('exit', (code) => end(new Error(`the reranker's thread exited (${code})`)));
    });
    // a failed load is read through `loaded`; this keeps it from counting as unhandled meanwhile
    this.loaded.catch(() => {});
  }

  score(query: string, passages: string[], signal: AbortSignal): Promise<number[]> {
    if (this.gone) return Promise.reject(this.gone);
    signal.throwIfAborted();
    const id = this.next++;
    const send = (r: RerankRequest) => this.worker.postMessage(r);
    return new Promise<number[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // the engine stops waiting at once; the thread stops at its next batch
      const abort = () => {
        this.settled(id);
        send({ cancel: id });
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', abort, { once: true });
      // a process waiting for the answer must not end before it comes
      this.worker.ref();
      send({ id, query, passages });
    });
  }

  alive(): boolean {
    return this.gone === null;
  }

  /** `id` has its answer (or no one waits for it any more): an idle thread lets its process end. */
  private settled(id: number): void {
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
  }

  async dispose(): Promise<void> {
    await this.worker.terminate();
  }
}
