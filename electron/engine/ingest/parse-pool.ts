// Reading and parsing on a worker thread while this thread writes: a full index of
// interconnected-10k spends about a quarter of its time parsing, which this takes off the thread
// that holds the write lock. One worker (the other core writes); small runs (a watcher's few
// files, most tests) parse inline, since starting a worker costs more than they take.
//
// Where the worker's code is depends on how Cairn runs (worker-code.ts): where no worker file
// ships, parsing stays inline.
import { Worker } from 'node:worker_threads';
import { workerCode } from '../worker-code.ts';
import type { FileOutcome } from './file-work.ts';
import type { ParseAnswer, ParseRequest } from './parse-worker.ts';

declare const CAIRN_PARSE_WORKER: string | undefined;

/** Fewer changed files than this are parsed inline. */
export const PARALLEL_FROM = 400;

export class ParsePool {
  private next = 0;
  private waiting = new Map<number, { resolve: (o: FileOutcome[]) => void; reject: (e: Error) => void }>();
  private failed: Error | null = null;

  private constructor(private worker: Worker) {
    worker.on('message', (a: ParseAnswer) => {
      this.waiting.get(a.id)?.resolve(a.outcomes);
      this.waiting.delete(a.id);
    });
    const fail = (err: Error) => {
      this.failed = err;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the parse worker exited (${code})`)));
  }

  /** A pool, or null where no worker can run here (then the caller parses inline). */
  static start(): ParsePool | null {
    const code = workerCode(typeof CAIRN_PARSE_WORKER === 'string' ? CAIRN_PARSE_WORKER : undefined, new URL('./parse-worker.ts', import.meta.url));
    if (!code) return null;
    try {
      return new ParsePool(new Worker(code, { eval: true, name: 'cairn parse' }));
    } catch {
      return null;
    }
  }

  parse(files: ParseRequest['files'], maxFileBytes: number): Promise<FileOutcome[]> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, files, maxFileBytes } satisfies ParseRequest);
    });
  }

  close(): Promise<number> {
    this.worker.removeAllListeners('exit');
    return this.worker.terminate();
  }
}
