// The dense linear algebra randomized SVD needs, on row-major Float32Arrays. Products of a
// tall n×l block run through onnxruntime's MatMul (transformers.js exports it as `matmul`):
// on these machines a JS triple loop manages ~0.2 GFLOP/s, MLAS ~25, and a rebuild of the
// adaptive model is dominated by exactly these products. Small l×l problems stay in JS, in
// float64.
import { Tensor, matmul } from '@huggingface/transformers';

export function transpose(m: Float32Array, rows: number, cols: number): Float32Array {
  const t = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = m[i * cols + j]!;
  return t;
}

/** Row-major (n×l)·(l×k) through onnxruntime. */
export async function multiply(a: Float32Array, n: number, l: number, b: Float32Array, k: number): Promise<Float32Array> {
  const out = await matmul(new Tensor('float32', a, [n, l]), new Tensor('float32', b, [l, k]));
  return out.data as Float32Array;
}

/** Mᵀ·M for row-major n×l M (the l×l Gram matrix), widened to float64 for the eigensolver. */
export async function gram(m: Float32Array, n: number, l: number): Promise<Float64Array> {
  const g = Float64Array.from(await multiply(transpose(m, n, l), l, n, m, l));
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) g[i * l + j] = g[j * l + i] = (g[i * l + j]! + g[j * l + i]!) / 2;
  return g;
}

/**
 * Orthonormal basis for the columns of a row-major n×l block: Cholesky QR, Q = Y·R⁻¹ with
 * RᵀR = YᵀY, run twice (CholeskyQR2) because one pass over a float32 Gram matrix leaves
 * ~1e-4 of non-orthogonality. A column that is (numerically) a combination of earlier ones
 * — power iterations push a block towards that — is dropped to zero instead of failing.
 */
export async function orthonormalize(y: Float32Array, n: number, l: number): Promise<Float32Array> {
  let q = y;
  for (let pass = 0; pass < 2; pass++) {
    q = await multiply(q, n, l, upperInverse(cholesky(await gram(q, n, l), l), l), l);
  }
  return q;
}

/**
 * Upper-triangular R with RᵀR = G for symmetric positive semi-definite G (row-major l×l).
 * A pivot that loses all but 1e-5 of its diagonal marks a dependent column: its row of R
 * becomes ∞ on the diagonal and 0 elsewhere, so R⁻¹ maps that column to zero.
 */
export function cholesky(g: Float64Array, l: number): Float64Array {
  const r = new Float64Array(l * l);
  for (let j = 0; j < l; j++) {
    let d = g[j * l + j]!;
    for (let k = 0; k < j; k++) d -= r[k * l + j]! ** 2;
    if (!(d > 1e-5 * g[j * l + j]!)) {
      r[j * l + j] = Infinity;
      continue;
    }
    const rjj = Math.sqrt(d);
    r[j * l + j] = rjj;
    for (let i = j + 1; i < l; i++) {
      let s = g[j * l + i]!;
      for (let k = 0; k < j; k++) s -= r[k * l + j]! * r[k * l + i]!;
      r[j * l + i] = s / rjj;
    }
  }
  return r;
}

/** R⁻¹ of an upper-triangular row-major l×l R, as float32 for the onnxruntime product. */
function upperInverse(r: Float64Array, l: number): Float32Array {
  const inv = new Float64Array(l * l);
  for (let j = l - 1; j >= 0; j--) {
    inv[j * l + j] = 1 / r[j * l + j]!;
    for (let i = j - 1; i >= 0; i--) {
      let s = 0;
      for (let k = i + 1; k <= j; k++) s += r[i * l + k]! * inv[k * l + j]!;
      inv[i * l + j] = -s / r[i * l + i]!;
    }
  }
  return Float32Array.from(inv);
}

/**
 * Eigen-decomposition of a symmetric n×n matrix by cyclic Jacobi rotations.
 * Returns eigenvalues in descending order and eigenvectors as the columns of a row-major n×n.
 */
export function symmetricEigen(input: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(input);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  let scale = 0;
  for (let i = 0; i < n * n; i++) scale += a[i]! * a[i]!;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q]! ** 2;
    if (off <= 1e-30 * scale || off === 0) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q]! - a[p * n + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p]!;
          const akq = a[k * n + q]!;
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k]!;
          const aqk = a[q * n + k]!;
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => a[j * n + j]! - a[i * n + i]!);
  const values = Float64Array.from(order, (i) => a[i * n + i]!);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    for (let k = 0; k < n; k++) vectors[k * n + dst] = v[k * n + src]!;
  });
  return { values, vectors };
}
