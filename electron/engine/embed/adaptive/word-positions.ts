// Where each word occurs: the corpus as one token array (texts apart by a gap wider than any
// window, so no window spans two texts) and, per word, its positions in it, in text order.
// Both matrices of the adaptive model are built a row at a time from this index (Gustavson's
// row-wise product): a word's co-occurrence row is the sum of the windows around its positions,
// its word × text row the run lengths of its positions' texts. Nothing per pair is stored: a
// hash table of pairs took 24 s for interconnected-10k's 96 million, this about 2 s.
import { Breather } from './breather.ts';
import type { CsrMatrix } from './sparse-matrix.ts';

export interface WordPositions {
  /** every text's word ids, separated by `gap` × -1 */
  tokens: Int32Array;
  /** positions of word w: positions[start[w] … start[w + 1]) */
  start: Int32Array;
  positions: Int32Array;
  /** the text of each entry of `positions` */
  textOf: Int32Array;
}

export function wordPositions(docs: Int32Array[], vocab: number, gap: number): WordPositions {
  let length = 0;
  for (const d of docs) length += d.length + gap;
  const tokens = new Int32Array(length).fill(-1);
  const count = new Int32Array(vocab + 1);
  let at = 0;
  for (const d of docs) {
    tokens.set(d, at);
    for (const id of d) if (id >= 0) count[id + 1]!++;
    at += d.length + gap;
  }
  const start = new Int32Array(vocab + 1);
  for (let w = 0; w < vocab; w++) start[w + 1] = start[w]! + count[w + 1]!;
  const fill = start.slice(0, vocab);
  const positions = new Int32Array(start[vocab]!);
  const textOf = new Int32Array(start[vocab]!);
  at = 0;
  docs.forEach((d, t) => {
    for (let i = 0; i < d.length; i++) {
      const id = d[i]!;
      if (id < 0) continue;
      const p = fill[id]!++;
      positions[p] = at + i;
      textOf[p] = t;
    }
    at += d.length + gap;
  });
  return { tokens, start, positions, textOf };
}

/** Builds a CSR matrix one row at a time: `row(r, add)` adds (column, value) pairs in any order, repeats summed. */
export async function rowByRow(rows: number, cols: number, row: (r: number, add: (col: number, value: number) => void) => void): Promise<CsrMatrix> {
  const breather = new Breather();
  const acc = new Float64Array(cols);
  const seen = new Uint8Array(cols);
  const touched = new Int32Array(cols);
  const indptr = new Int32Array(rows + 1);
  let indices = new Int32Array(1 << 16);
  let values = new Float32Array(1 << 16);
  let n = 0;
  let distinct = 0;
  const add = (col: number, value: number) => {
    if (!seen[col]) {
      seen[col] = 1;
      touched[distinct++] = col;
    }
    acc[col]! += value;
  };
  for (let r = 0; r < rows; r++) {
    if (r % 64 === 0) await breather.breathe();
    distinct = 0;
    row(r, add);
    if (n + distinct > indices.length) {
      const size = Math.max(indices.length * 2, n + distinct);
      indices = grow(indices, new Int32Array(size));
      values = grow(values, new Float32Array(size));
    }
    for (const c of touched.subarray(0, distinct).sort()) {
      indices[n] = c;
      values[n++] = acc[c]!;
      acc[c] = 0;
      seen[c] = 0;
    }
    indptr[r + 1] = n;
  }
  return { rows, cols, indptr, indices: indices.slice(0, n), values: values.slice(0, n) };
}

function grow<T extends Int32Array | Float32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
