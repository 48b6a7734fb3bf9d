// Positive pointwise mutual information with context-distribution smoothing (Levy, Goldberg
// & Dagan 2015): raising context counts to α = 0.75 stops rare contexts from getting huge
// PMI values, the main reason plain PPMI vectors trail word2vec.
import { Breather } from './breather.ts';
import type { CsrMatrix } from './sparse-matrix.ts';

export interface PpmiOptions {
  /** Context-distribution smoothing exponent; 1 = plain PMI. */
  alpha: number;
  /** Shifted PPMI: subtract ln(shift) before clipping at zero (1 = no shift). */
  shift: number;
}

export async function ppmi(counts: CsrMatrix, options: PpmiOptions): Promise<CsrMatrix> {
  const breather = new Breather();
  const rowSum = new Float64Array(counts.rows);
  const colSum = new Float64Array(counts.cols);
  for (let i = 0; i < counts.rows; i++) {
    for (let p = counts.indptr[i]!; p < counts.indptr[i + 1]!; p++) {
      rowSum[i]! += counts.values[p]!;
      colSum[counts.indices[p]!]! += counts.values[p]!;
    }
  }
  let smoothedTotal = 0;
  const logContext = new Float64Array(counts.cols);
  for (let j = 0; j < counts.cols; j++) smoothedTotal += colSum[j]! ** options.alpha;
  for (let j = 0; j < counts.cols; j++) logContext[j] = options.alpha * Math.log(colSum[j]!) - Math.log(smoothedTotal);
  const logShift = Math.log(options.shift);

  // PMI = ln(#(w,c)/#w) − ln Pα(c); keep positive cells only, so the result stays sparse.
  const indptr = new Int32Array(counts.rows + 1);
  const indices: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < counts.rows; i++) {
    if (i % 64 === 0) await breather.breathe();
    const logRow = Math.log(rowSum[i]!);
    for (let p = counts.indptr[i]!; p < counts.indptr[i + 1]!; p++) {
      const j = counts.indices[p]!;
      const v = Math.log(counts.values[p]!) - logRow - logContext[j]! - logShift;
      if (v > 0) {
        indices.push(j);
        values.push(v);
      }
    }
    indptr[i + 1] = indices.length;
  }
  return { rows: counts.rows, cols: counts.cols, indptr, indices: Int32Array.from(indices), values: Float32Array.from(values) };
}
