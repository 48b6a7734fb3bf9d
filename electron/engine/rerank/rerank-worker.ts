// The worker side of worker-reranker.ts: a thread of its own that loads the cross-encoder and
// scores the pairs it is sent, so onnxruntime's synchronous runs never hold the engine's thread
// (which answers the doors). A request the engine gave up on (its time was up) stops between
// batches.
import { parentPort, workerData } from 'node:worker_threads';
import { loadCrossEncoder } from './cross-encoder.ts';

export type RerankRequest = { id: number; query: string; passages: string[] } | { cancel: number };
export type RerankAnswer = { loaded: true } | { loadFailed: string } | { id: number; scores: number[] } | { id: number; error: string };

const { dir, id } = workerData as { dir: string; id: string };
const running = new Map<number, AbortController>();
const post = (answer: RerankAnswer) => parentPort!.postMessage(answer);
const loading = loadCrossEncoder(dir, id);

loading.then(
  () => post({ loaded: true }),
  (err: Error) => post({ loadFailed: err.message }),
);

parentPort!.on('message', (r: RerankRequest) => {
  if ('cancel' in r) return void running.get(r.cancel)?.abort(new Error('cancelled'));
  const stop = new AbortController();
  running.set(r.id, stop);
  loading
    .then((reranker) => reranker.score(r.query, r.passages, stop.signal))
    .then(
      (scores) => post({ id: r.id, scores }),
      (err: Error) => post({ id: r.id, error: err.message }),
    )
    .finally(() => running.delete(r.id));
});
