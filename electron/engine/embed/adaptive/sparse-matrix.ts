// Compressed sparse rows: the word × context PPMI matrix has a few million non-zeros out of
// billions of cells, and randomized SVD only ever needs A·X and Aᵀ·X (Aᵀ kept as its own CSR).
export interface CsrMatrix {
  rows: number;
  cols: number;
  /** rows + 1 offsets into indices/values. */
  indptr: Int32Array;
  indices: Int32Array;
  values: Float32Array;
}

/** A·X for dense row-major X (cols × k); returns row-major (rows × k). */
export function multiplyDense(a: CsrMatrix, x: Float32Array, k: number): Float32Array {
  if (x.length !== a.cols * k) throw new Error(`A·X: X has ${x.length} values, expected ${a.cols}×${k}`);
  const y = new Float32Array(a.rows * k);
  for (let i = 0; i < a.rows; i++) {
    const yo = i * k;
    for (let p = a.indptr[i]!; p < a.indptr[i + 1]!; p++) {
      const v = a.values[p]!;
      const xo = a.indices[p]! * k;
      for (let c = 0; c < k; c++) y[yo + c]! += v * x[xo + c]!;
    }
  }
  return y;
}

/** Builds CSR from a dense row-major matrix, dropping zeros (tests and small inputs). */
export function csrFromDense(m: ArrayLike<number>, rows: number, cols: number): CsrMatrix {
  const indptr = new Int32Array(rows + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const v = m[i * cols + j]!;
      if (v !== 0) {
        indices.push(j);
        values.push(v);
      }
    }
    indptr[i + 1] = indices.length;
  }
  return { rows, cols, indptr, indices: Int32Array.from(indices), values: Float32Array.from(values) };
}
