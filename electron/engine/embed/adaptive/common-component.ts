// SIF's second step (Arora, Liang & Ma 2017): text embeddings of a corpus share a dominant
// direction (frequency, syntax) that says nothing about topic; projecting it out sharpens
// cosine. Pooling is linear, so projecting every table row is the same as projecting every
// pooled text — the model stays a plain lookup table.
import type { StaticTable } from '../static-onnx.ts';

export function removeCommonComponents(table: StaticTable, docs: Int32Array[], count: number): StaticTable {
  const { dim } = table;
  const weights = table.weights ?? new Float32Array(table.vocab.length).fill(1);
  // Unit-length text embeddings, as the lane compares them.
  const texts: Float64Array[] = [];
  for (const ids of docs) {
    const e = new Float64Array(dim);
    for (const id of ids) {
      if (id < 0) continue;
      const w = weights[id]!;
      for (let c = 0; c < dim; c++) e[c]! += w * table.vectors[id * dim + c]!;
    }
    const n = Math.hypot(...e);
    if (n > 0) {
      for (let c = 0; c < dim; c++) e[c]! /= n;
      texts.push(e);
    }
  }
  const vectors = Float32Array.from(table.vectors);
  for (let k = 0; k < count; k++) {
    const u = topDirection(texts, dim);
    for (const e of texts) project(e, u);
    for (let r = 0; r < table.vocab.length; r++) {
      let d = 0;
      for (let c = 0; c < dim; c++) d += vectors[r * dim + c]! * u[c]!;
      for (let c = 0; c < dim; c++) vectors[r * dim + c]! -= d * u[c]!;
    }
  }
  return { ...table, vectors };
}

/** Top right singular vector of the rows (uncentred), by power iteration on XᵀX. */
function topDirection(rows: Float64Array[], dim: number): Float64Array {
  let u = new Float64Array(dim).fill(1 / Math.sqrt(dim));
  for (let it = 0; it < 50; it++) {
    const next = new Float64Array(dim);
    for (const e of rows) {
      let d = 0;
      for (let c = 0; c < dim; c++) d += e[c]! * u[c]!;
      for (let c = 0; c < dim; c++) next[c]! += d * e[c]!;
    }
    const n = Math.hypot(...next) || 1;
    for (let c = 0; c < dim; c++) next[c]! /= n;
    let change = 0;
    for (let c = 0; c < dim; c++) change += Math.abs(next[c]! - u[c]!);
    u = next;
    if (change < 1e-9) break;
  }
  return u;
}

function project(e: Float64Array, u: Float64Array): void {
  let d = 0;
  for (let c = 0; c < e.length; c++) d += e[c]! * u[c]!;
  for (let c = 0; c < e.length; c++) e[c]! -= d * u[c]!;
}
