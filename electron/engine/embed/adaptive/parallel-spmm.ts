// Sparse × dense products on worker threads. They are most of an adaptive build's time
// (onnxruntime has no sparse MatMul we can feed from JS), so splitting rows across cores
// roughly divides the build time, and — just as important inside the engine — keeps the
// event loop free while they run. A and Aᵀ live in SharedArrayBuffers, copied once.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { multiplyDense, type CsrMatrix } from './sparse-matrix.ts';

// Plain JS, evaluated in the worker: no TS loader is needed wherever the engine runs. Two
// non-zeros at a time and four columns per step: V8 does not vectorise, and this halves the
// reads and writes of Y and the loop overhead (1.6× on these machines).
const KERNEL = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  const ip = new Int32Array(m.indptr), ix = new Int32Array(m.indices), v = new Float32Array(m.values);
  const X = new Float32Array(m.x), Y = new Float32Array(m.y), k = m.k;
  for (let i = m.start; i < m.end; i++) {
    const yo = i * k, end = ip[i + 1];
    let p = ip[i];
    for (; p + 1 < end; p += 2) {
      const w1 = v[p], x1 = ix[p] * k, w2 = v[p + 1], x2 = ix[p + 1] * k;
      let c = 0;
      for (; c + 3 < k; c += 4) {
        Y[yo + c] += w1 * X[x1 + c] + w2 * X[x2 + c];
        Y[yo + c + 1] += w1 * X[x1 + c + 1] + w2 * X[x2 + c + 1];
        Y[yo + c + 2] += w1 * X[x1 + c + 2] + w2 * X[x2 + c + 2];
        Y[yo + c + 3] += w1 * X[x1 + c + 3] + w2 * X[x2 + c + 3];
      }
      for (; c < k; c++) Y[yo + c] += w1 * X[x1 + c] + w2 * X[x2 + c];
    }
    for (; p < end; p++) {
      const w = v[p], xo = ix[p] * k;
      for (let c = 0; c < k; c++) Y[yo + c] += w * X[xo + c];
    }
  }
  parentPort.postMessage(0);
});`;

interface SharedCsr {
  rows: number;
  cols: number;
  indptr: SharedArrayBuffer;
  indices: SharedArrayBuffer;
  values: SharedArrayBuffer;
  /** Row ranges of about equal non-zeros, one per worker. */
  splits: number[];
}

export class SparseMultiplier {
  private readonly a: SharedCsr;
  private readonly at: SharedCsr;
  private readonly workers: Worker[];

  constructor(
    private readonly matrix: CsrMatrix,
    threads = Math.max(1, Math.min(os.availableParallelism(), 8)),
  ) {
    this.workers = threads > 1 ? Array.from({ length: threads }, () => new Worker(KERNEL, { eval: true })) : [];
    this.a = share(matrix, threads);
    this.at = share(transposeCsr(matrix), threads);
  }

  /** A·X, X row-major (cols × k). */
  times(x: Float32Array, k: number): Promise<Float32Array> {
    return this.run(this.a, x, k);
  }

  /** Aᵀ·X, X row-major (rows × k). */
  timesTransposed(x: Float32Array, k: number): Promise<Float32Array> {
    return this.run(this.at, x, k);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private async run(m: SharedCsr, x: Float32Array, k: number): Promise<Float32Array> {
    if (x.length !== m.cols * k) throw new Error(`SpMM: X has ${x.length} values, expected ${m.cols}×${k}`);
    if (this.workers.length === 0) return multiplyDense(m === this.a ? this.matrix : viewOf(m), x, k);
    const xs = new SharedArrayBuffer(x.byteLength);
    new Float32Array(xs).set(x);
    const ys = new SharedArrayBuffer(m.rows * k * 4);
    await Promise.all(
      this.workers.map(
        (w, t) =>
          new Promise<void>((resolve, reject) => {
            const fail = (err: Error) => reject(err);
            w.once('error', fail);
            w.once('message', () => {
              w.off('error', fail);
              resolve();
            });
            w.postMessage({ indptr: m.indptr, indices: m.indices, values: m.values, x: xs, y: ys, k, start: m.splits[t], end: m.splits[t + 1] });
          }),
      ),
    );
    return new Float32Array(new Float32Array(ys)); // a plain copy: onnxruntime takes no shared memory
  }
}

function share(m: CsrMatrix, parts: number): SharedCsr {
  const copy = <T extends Int32Array | Float32Array>(src: T) => {
    const buf = new SharedArrayBuffer(src.byteLength);
    new (src.constructor as new (b: SharedArrayBuffer) => T)(buf).set(src);
    return buf;
  };
  const nnz = m.indptr[m.rows]!;
  const splits = [0];
  for (let t = 1; t < parts; t++) {
    let r = splits[t - 1]!;
    while (r < m.rows && m.indptr[r]! < (nnz * t) / parts) r++;
    splits.push(r);
  }
  splits.push(m.rows);
  return { rows: m.rows, cols: m.cols, indptr: copy(m.indptr), indices: copy(m.indices), values: copy(m.values), splits };
}

function viewOf(m: SharedCsr): CsrMatrix {
  return { rows: m.rows, cols: m.cols, indptr: new Int32Array(m.indptr), indices: new Int32Array(m.indices), values: new Float32Array(m.values) };
}

export function transposeCsr(m: CsrMatrix): CsrMatrix {
  const indptr = new Int32Array(m.cols + 1);
  const nnz = m.indptr[m.rows]!;
  for (let p = 0; p < nnz; p++) indptr[m.indices[p]! + 1]!++;
  for (let j = 0; j < m.cols; j++) indptr[j + 1]! += indptr[j]!;
  const fill = indptr.slice(0, m.cols);
  const indices = new Int32Array(nnz);
  const values = new Float32Array(nnz);
  for (let i = 0; i < m.rows; i++) {
    for (let p = m.indptr[i]!; p < m.indptr[i + 1]!; p++) {
      const q = fill[m.indices[p]!]!++;
      indices[q] = i;
      values[q] = m.values[p]!;
    }
  }
  return { rows: m.cols, cols: m.rows, indptr, indices, values };
}
