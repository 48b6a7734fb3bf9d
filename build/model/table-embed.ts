// What a static model's ONNX graph + mean pooling + normalisation compute, done directly on
// the table in JS. Tuning scripts use it to score dozens of variants without writing and
// loading each one; every reported figure comes from probe-semantic.ts through the loader.
import { splitWords } from '../../electron/engine/embed/bert-words.ts';
import type { StaticTable } from '../../electron/engine/embed/static-onnx.ts';

export function embedInJs(table: StaticTable, texts: string[]): Float32Array {
  const { dim, vectors, vocab } = table;
  const weights = table.weights ?? new Float32Array(vocab.length).fill(1);
  const id = new Map(vocab.map((w, i) => [w, i]));
  const out = new Float32Array(texts.length * dim);
  texts.forEach((t, k) => {
    const o = k * dim;
    for (const w of splitWords(t)) {
      const i = id.get(w);
      if (i === undefined) continue;
      const wt = weights[i]!;
      for (let c = 0; c < dim; c++) out[o + c]! += wt * vectors[i * dim + c]!;
    }
    let n = 0;
    for (let c = 0; c < dim; c++) n += out[o + c]! ** 2;
    if (n > 0) for (let c = 0; c < dim; c++) out[o + c]! /= Math.sqrt(n);
  });
  return out;
}
