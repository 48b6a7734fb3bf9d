// Truncated SVD of a large sparse matrix by the randomized range finder of Halko, Martinsson
// & Tropp (2011, Algorithms 4.4 + 5.1): sketch the range with a Gaussian block, sharpen it
// with a few power iterations (re-orthonormalised each time), then solve the small problem
// exactly. Seeded, so a rebuild over the same pages gives the same vectors.
import { gram, multiply, orthonormalize, symmetricEigen } from './dense.ts';
import { SparseMultiplier } from './parallel-spmm.ts';
import type { CsrMatrix } from './sparse-matrix.ts';

export interface SvdOptions {
  /** Extra sketch columns beyond k; more gives more accurate trailing singular values. */
  oversample?: number;
  /** Power iterations; PPMI spectra decay slowly, so 2–3 matter. */
  powerIterations?: number;
  seed?: number;
  /** Also compute V (costs one more n×l·l×k product). */
  rightVectors?: boolean;
  /** Worker threads for the sparse products (default: one per core, at most 8). */
  threads?: number;
}

export interface TruncatedSvd {
  k: number;
  /** rows × k, row-major: left singular vectors. */
  u: Float32Array;
  /** k singular values, descending. */
  s: Float64Array;
  /** cols × k, row-major: right singular vectors (only when asked for). */
  v: Float32Array | null;
}

export async function randomizedSvd(a: CsrMatrix, k: number, options: SvdOptions = {}): Promise<TruncatedSvd> {
  const l = Math.min(k + (options.oversample ?? 10), a.rows, a.cols);
  if (k > l) throw new Error(`Cannot take ${k} singular values of a ${a.rows}×${a.cols} matrix`);
  const random = gaussian(options.seed ?? 42);
  const omega = new Float32Array(a.cols * l);
  for (let i = 0; i < omega.length; i++) omega[i] = random();

  const spmm = new SparseMultiplier(a, options.threads);
  let q: Float32Array;
  let bt: Float32Array;
  try {
    q = await orthonormalize(await spmm.times(omega, l), a.rows, l);
    for (let it = 0; it < (options.powerIterations ?? 2); it++) {
      const z = await orthonormalize(await spmm.timesTransposed(q, l), a.cols, l);
      q = await orthonormalize(await spmm.times(z, l), a.rows, l);
    }
    // B = Qᵀ·A (l × cols); we hold Bᵀ = Aᵀ·Q. B·Bᵀ = W·Λ·Wᵀ gives B = W·Σ·Vᵀ with Σ = √Λ.
    bt = await spmm.timesTransposed(q, l);
  } finally {
    await spmm.close();
  }
  const { values, vectors: w } = symmetricEigen(await gram(bt, a.cols, l), l);
  const s = new Float64Array(k);
  const wk = new Float32Array(l * k);
  for (let j = 0; j < k; j++) {
    s[j] = Math.sqrt(Math.max(values[j]!, 0));
    for (let i = 0; i < l; i++) wk[i * k + j] = w[i * l + j]!;
  }
  const u = await multiply(q, a.rows, l, wk, k);
  let v: Float32Array | null = null;
  if (options.rightVectors) {
    v = await multiply(bt, a.cols, l, wk, k);
    for (let r = 0; r < a.cols; r++) for (let j = 0; j < k; j++) v[r * k + j] = s[j]! > 0 ? v[r * k + j]! / s[j]! : 0;
  }
  return { k, u, s, v };
}

/** Standard normal samples from a seeded mulberry32 stream (Box–Muller). */
export function gaussian(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare: number | null = null;
  return () => {
    if (spare !== null) {
      const v = spare;
      spare = null;
      return v;
    }
    const u1 = Math.max(uniform(), 1e-300);
    const u2 = uniform();
    const r = Math.sqrt(-2 * Math.log(u1));
    spare = r * Math.sin(2 * Math.PI * u2);
    return r * Math.cos(2 * Math.PI * u2);
  };
}
