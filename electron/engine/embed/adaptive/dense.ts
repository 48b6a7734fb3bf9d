// The dense linear algebra randomized SVD needs, on row-major Float32Arrays. Products of a
// tall n×l block run through onnxruntime's MatMul (transformers.js exports it as `matmul`):
// on these machines a JS triple loop manages ~0.2 GFLOP/s, MLAS ~25, and a rebuild of the
// adaptive model is dominated by exactly these products. Small l×l problems stay in JS, in
// float64. transformers.js (and the ONNX runtime under it) loads on the first product only: most
// processes never build a model.

export function transpose(m: Float32Array, rows: number, cols: number): Float32Array {
  const t = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = m[i * cols + j]!;
  return t;
}

/** Row-major (n×l)·(l×k) through onnxruntime. */
export async function multiply(a: Float32Array, n: number, l: number, b: Float32Array, k: number): Promise<Float32Array> {
  const { Tensor, matmul } = await import('@huggingface/transformers');
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
 * Eigen-decomposition of a symmetric n×n matrix: Householder reduction to tridiagonal form,
 * then the implicit QL algorithm (tred2 + tql2, as in EISPACK/JAMA). O(n³) once, where cyclic
 * Jacobi needed O(n³) per sweep — seconds saved per build at n ≈ 400.
 * Returns eigenvalues in descending order and eigenvectors as the columns of a row-major n×n.
 */
export function symmetricEigen(input: Float64Array, n: number): { values: Float64Array; vectors: Float64Array } {
  const V = Float64Array.from(input);
  const d = new Float64Array(n);
  const e = new Float64Array(n);
  tridiagonalize(V, d, e, n);
  diagonalize(V, d, e, n);
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => d[j]! - d[i]!);
  const values = Float64Array.from(order, (i) => d[i]!);
  const vectors = new Float64Array(n * n);
  order.forEach((src, dst) => {
    for (let k = 0; k < n; k++) vectors[k * n + dst] = V[k * n + src]!;
  });
  return { values, vectors };
}

/** tred2: V ← orthogonal Q with QᵀAQ tridiagonal; d = diagonal, e = sub-diagonal (e[0] = 0). */
function tridiagonalize(V: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  const at = (r: number, c: number) => r * n + c;
  for (let j = 0; j < n; j++) d[j] = V[at(n - 1, j)]!;
  for (let i = n - 1; i > 0; i--) {
    let scale = 0;
    let h = 0;
    for (let k = 0; k < i; k++) scale += Math.abs(d[k]!);
    if (scale === 0) {
      e[i] = d[i - 1]!;
      for (let j = 0; j < i; j++) {
        d[j] = V[at(i - 1, j)]!;
        V[at(i, j)] = 0;
        V[at(j, i)] = 0;
      }
    } else {
      for (let k = 0; k < i; k++) {
        d[k]! /= scale;
        h += d[k]! * d[k]!;
      }
      let f = d[i - 1]!;
      let g = Math.sqrt(h);
      if (f > 0) g = -g;
      e[i] = scale * g;
      h -= f * g;
      d[i - 1] = f - g;
      for (let j = 0; j < i; j++) e[j] = 0;
      for (let j = 0; j < i; j++) {
        f = d[j]!;
        V[at(j, i)] = f;
        g = e[j]! + V[at(j, j)]! * f;
        for (let k = j + 1; k <= i - 1; k++) {
          g += V[at(k, j)]! * d[k]!;
          e[k]! += V[at(k, j)]! * f;
        }
        e[j] = g;
      }
      f = 0;
      for (let j = 0; j < i; j++) {
        e[j]! /= h;
        f += e[j]! * d[j]!;
      }
      const hh = f / (h + h);
      for (let j = 0; j < i; j++) e[j]! -= hh * d[j]!;
      for (let j = 0; j < i; j++) {
        f = d[j]!;
        g = e[j]!;
        for (let k = j; k <= i - 1; k++) V[at(k, j)]! -= f * e[k]! + g * d[k]!;
        d[j] = V[at(i - 1, j)]!;
        V[at(i, j)] = 0;
      }
    }
    d[i] = h;
  }
  for (let i = 0; i < n - 1; i++) {
    V[at(n - 1, i)] = V[at(i, i)]!;
    V[at(i, i)] = 1;
    const h = d[i + 1]!;
    if (h !== 0) {
      for (let k = 0; k <= i; k++) d[k] = V[at(k, i + 1)]! / h;
      for (let j = 0; j <= i; j++) {
        let g = 0;
        for (let k = 0; k <= i; k++) g += V[at(k, i + 1)]! * V[at(k, j)]!;
        for (let k = 0; k <= i; k++) V[at(k, j)]! -= g * d[k]!;
      }
    }
    for (let k = 0; k <= i; k++) V[at(k, i + 1)] = 0;
  }
  for (let j = 0; j < n; j++) {
    d[j] = V[at(n - 1, j)]!;
    V[at(n - 1, j)] = 0;
  }
  V[at(n - 1, n - 1)] = 1;
  e[0] = 0;
}

/** tql2: implicit QL on the tridiagonal (d, e), accumulating rotations into V. */
function diagonalize(V: Float64Array, d: Float64Array, e: Float64Array, n: number): void {
  const at = (r: number, c: number) => r * n + c;
  for (let i = 1; i < n; i++) e[i - 1] = e[i]!;
  e[n - 1] = 0;
  let f = 0;
  let tst1 = 0;
  const eps = 2 ** -52;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]!) + Math.abs(e[l]!));
    let m = l;
    while (m < n - 1 && Math.abs(e[m]!) > eps * tst1) m++;
    if (m > l) {
      do {
        let g = d[l]!;
        let p = (d[l + 1]! - g) / (2 * e[l]!);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l]! / (p + r);
        d[l + 1] = e[l]! * (p + r);
        const dl1 = d[l + 1]!;
        let h = g - d[l]!;
        for (let i = l + 2; i < n; i++) d[i]! -= h;
        f += h;
        p = d[m]!;
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1]!;
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i]!;
          h = c * p;
          r = Math.hypot(p, e[i]!);
          e[i + 1] = s * r;
          s = e[i]! / r;
          c = p / r;
          p = c * d[i]! - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]!);
          for (let k = 0; k < n; k++) {
            const vk1 = V[at(k, i + 1)]!;
            const vk = V[at(k, i)]!;
            V[at(k, i + 1)] = s * vk + c * vk1;
            V[at(k, i)] = c * vk - s * vk1;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]!) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]!) > eps * tst1);
    }
    d[l] = d[l]! + f;
    e[l] = 0;
  }
}
