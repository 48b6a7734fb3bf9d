import { beforeAll, describe, expect, it } from 'vitest';
import { orthonormalize, symmetricEigen } from './dense.ts';
import { gaussian, randomizedSvd } from './randomized-svd.ts';
import { SparseMultiplier } from './parallel-spmm.ts';
import { csrFromDense, multiplyDense, type CsrMatrix } from './sparse-matrix.ts';

/** A random matrix with orthonormal columns (row-major n×k). */
async function randomOrthonormal(n: number, k: number, seed: number): Promise<Float32Array> {
  const g = gaussian(seed);
  return orthonormalize(
    Float32Array.from({ length: n * k }, () => g()),
    n,
    k,
  );
}

describe('randomizedSvd', () => {
  // A = U·diag(s)·Vᵀ with known s; the top 5 must come back, and so must their vectors.
  const rows = 60;
  const cols = 40;
  const known = [50, 20, 10, 5, 2, 1, 0.5, 0.25, 0.1, 0.05];
  const n = known.length;
  let U: Float32Array;
  let V: Float32Array;
  let a: CsrMatrix;
  beforeAll(async () => {
    U = await randomOrthonormal(rows, n, 1);
    V = await randomOrthonormal(cols, n, 2);
    const dense = new Float64Array(rows * cols);
    for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) for (let t = 0; t < n; t++) dense[i * cols + j]! += U[i * n + t]! * known[t]! * V[j * n + t]!;
    a = csrFromDense(dense, rows, cols);
  });

  it('recovers known singular values and vectors', async () => {
    const k = 5;
    const svd = await randomizedSvd(a, k, { oversample: 5, powerIterations: 2, seed: 7, rightVectors: true });
    for (let j = 0; j < k; j++) {
      expect(svd.s[j]!).toBeCloseTo(known[j]!, 2);
      let du = 0;
      let dv = 0;
      for (let i = 0; i < rows; i++) du += svd.u[i * k + j]! * U[i * n + j]!;
      for (let i = 0; i < cols; i++) dv += svd.v![i * k + j]! * V[i * n + j]!;
      expect(Math.abs(du)).toBeGreaterThan(0.999); // sign is arbitrary
      expect(Math.abs(dv)).toBeGreaterThan(0.999);
      expect(Math.sign(du)).toBe(Math.sign(dv)); // but u and v flip together
    }
  });

  it('is deterministic for a seed', async () => {
    const one = await randomizedSvd(a, 3, { seed: 3 });
    const two = await randomizedSvd(a, 3, { seed: 3 });
    expect(Array.from(one.u)).toEqual(Array.from(two.u));
  });

  it('refuses more singular values than the matrix has', async () => {
    await expect(randomizedSvd(a, 41)).rejects.toThrow(/Cannot take 41/);
  });
});

describe('symmetricEigen', () => {
  it('decomposes a symmetric matrix into descending eigenpairs', () => {
    const m = Float64Array.from([4, 1, 2, 1, 3, 0, 2, 0, 1]);
    const { values, vectors } = symmetricEigen(m, 3);
    expect(values[0]!).toBeGreaterThanOrEqual(values[1]!);
    expect(values[1]!).toBeGreaterThanOrEqual(values[2]!);
    expect(values[0]! + values[1]! + values[2]!).toBeCloseTo(8, 10); // trace
    for (let j = 0; j < 3; j++) {
      for (let i = 0; i < 3; i++) {
        let mv = 0;
        for (let t = 0; t < 3; t++) mv += m[i * 3 + t]! * vectors[t * 3 + j]!;
        expect(mv).toBeCloseTo(values[j]! * vectors[i * 3 + j]!, 10);
      }
    }
  });
});

describe('symmetricEigen on a larger matrix', () => {
  it('gives orthonormal eigenvectors with A·v = λ·v', () => {
    const n = 40;
    const g = gaussian(4);
    const m = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) m[i * n + j] = m[j * n + i] = g();
    const { values, vectors } = symmetricEigen(m, n);
    for (let a = 0; a < n; a++) {
      for (let b = a; b < n; b++) {
        let dot = 0;
        for (let k = 0; k < n; k++) dot += vectors[k * n + a]! * vectors[k * n + b]!;
        expect(dot).toBeCloseTo(a === b ? 1 : 0, 9);
      }
      for (let i = 0; i < n; i++) {
        let mv = 0;
        for (let k = 0; k < n; k++) mv += m[i * n + k]! * vectors[k * n + a]!;
        expect(mv).toBeCloseTo(values[a]! * vectors[i * n + a]!, 9);
      }
      if (a > 0) expect(values[a - 1]!).toBeGreaterThanOrEqual(values[a]!);
    }
  });
});

describe('SparseMultiplier', () => {
  it('gives the serial products on worker threads, for A and Aᵀ', async () => {
    const g = gaussian(9);
    const rows = 37;
    const cols = 23;
    const dense = Float64Array.from({ length: rows * cols }, () => (Math.abs(g()) > 1.2 ? g() : 0));
    const a = csrFromDense(dense, rows, cols);
    const k = 5;
    const x = Float32Array.from({ length: cols * k }, () => g());
    const xt = Float32Array.from({ length: rows * k }, () => g());
    const spmm = new SparseMultiplier(a, 3);
    try {
      const y = await spmm.times(x, k);
      const yt = await spmm.timesTransposed(xt, k);
      // the workers add two non-zeros at a time: the same sums, rounded in another order
      const serial = multiplyDense(a, x, k);
      y.forEach((value, i) => expect(value).toBeCloseTo(serial[i]!, 5));
      for (let j = 0; j < cols; j++)
        for (let c = 0; c < k; c++) {
          let s = 0;
          for (let i = 0; i < rows; i++) s += dense[i * cols + j]! * xt[i * k + c]!;
          expect(yt[j * k + c]!).toBeCloseTo(s, 4);
        }
    } finally {
      await spmm.close();
    }
  });
});
