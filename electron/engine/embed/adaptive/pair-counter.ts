// Weighted counts of (word, context) pairs in an open-addressing hash table. A JS Map keyed
// by i·V+j would do, but at millions of pairs it costs several times the memory and time of
// three typed arrays, and this runs inside the engine on a user's machine.
import type { CsrMatrix } from './sparse-matrix.ts';

export class PairCounter {
  private rowKeys: Int32Array;
  private colKeys: Int32Array;
  private counts: Float32Array;
  private mask: number;
  private used = 0;

  constructor(expectedPairs = 1 << 16) {
    let cap = 1 << 4;
    while (cap < expectedPairs * 2) cap <<= 1;
    this.rowKeys = new Int32Array(cap).fill(-1);
    this.colKeys = new Int32Array(cap);
    this.counts = new Float32Array(cap);
    this.mask = cap - 1;
  }

  get size(): number {
    return this.used;
  }

  add(row: number, col: number, weight: number): void {
    let slot = hash(row, col) & this.mask;
    for (;;) {
      const r = this.rowKeys[slot]!;
      if (r === -1) break;
      if (r === row && this.colKeys[slot] === col) {
        this.counts[slot]! += weight;
        return;
      }
      slot = (slot + 1) & this.mask;
    }
    this.rowKeys[slot] = row;
    this.colKeys[slot] = col;
    this.counts[slot] = weight;
    if (++this.used * 2 > this.rowKeys.length) this.grow();
  }

  /** The counts as a CSR matrix with sorted column indices in every row. */
  toCsr(rows: number, cols: number): CsrMatrix {
    const indptr = new Int32Array(rows + 1);
    for (let s = 0; s < this.rowKeys.length; s++) {
      const r = this.rowKeys[s]!;
      if (r !== -1) indptr[r + 1]!++;
    }
    for (let i = 0; i < rows; i++) indptr[i + 1]! += indptr[i]!;
    const fill = indptr.slice(0, rows);
    const indices = new Int32Array(this.used);
    const values = new Float32Array(this.used);
    for (let s = 0; s < this.rowKeys.length; s++) {
      const r = this.rowKeys[s]!;
      if (r === -1) continue;
      const p = fill[r]!++;
      indices[p] = this.colKeys[s]!;
      values[p] = this.counts[s]!;
    }
    for (let i = 0; i < rows; i++) sortRow(indices, values, indptr[i]!, indptr[i + 1]!);
    return { rows, cols, indptr, indices, values };
  }

  private grow(): void {
    const { rowKeys, colKeys, counts } = this;
    const cap = rowKeys.length * 2;
    this.rowKeys = new Int32Array(cap).fill(-1);
    this.colKeys = new Int32Array(cap);
    this.counts = new Float32Array(cap);
    this.mask = cap - 1;
    this.used = 0;
    for (let s = 0; s < rowKeys.length; s++) {
      if (rowKeys[s] !== -1) this.add(rowKeys[s]!, colKeys[s]!, counts[s]!);
    }
  }
}

function hash(row: number, col: number): number {
  let h = Math.imul(row, 0x9e3779b1) ^ Math.imul(col + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 13;
  return h >>> 0;
}

function sortRow(indices: Int32Array, values: Float32Array, start: number, end: number): void {
  if (end - start < 2) return;
  const order = Array.from({ length: end - start }, (_, k) => start + k).sort((a, b) => indices[a]! - indices[b]!);
  const idx = order.map((p) => indices[p]!);
  const val = order.map((p) => values[p]!);
  indices.set(idx, start);
  values.set(val, start);
}
