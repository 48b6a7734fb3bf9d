// Topic vectors: latent semantic analysis of the word × text matrix (log tf · idf). Where the
// windowed PPMI vectors say which words are used alike, these say which words share texts;
// the two disagree usefully, and concatenated they rank better than either (see docs/search.md).
// A text's mean of these rows is LSA's "folding in" of the text, so it fits a lookup table.
import type { CorpusCounts } from './corpus-vocabulary.ts';
import { rowByRow, wordPositions } from './word-positions.ts';
import { randomizedSvd } from './randomized-svd.ts';
import { idf } from './word-weights.ts';

export interface TopicOptions {
  dims: number;
  eigenPower: number;
  powerIterations: number;
  seed: number;
}

/** counts.words.length × dim, row-major, unit rows; dim ≤ options.dims on a small corpus. */
export async function learnTopicVectors(counts: CorpusCounts, options: TopicOptions): Promise<{ dim: number; vectors: Float32Array }> {
  const nDocs = counts.docs.length;
  const vocab = counts.words.length;
  const { start, textOf } = wordPositions(counts.docs, vocab, 0);
  const m = await rowByRow(vocab, nDocs, (word, add) => {
    for (let p = start[word]!; p < start[word + 1]!; p++) add(textOf[p]!, 1);
  });
  for (let w = 0; w < vocab; w++) {
    const weight = idf(counts.docFreq[w]!, nDocs);
    for (let p = m.indptr[w]!; p < m.indptr[w + 1]!; p++) m.values[p] = Math.log1p(m.values[p]!) * weight;
  }
  const dims = Math.min(options.dims, vocab - 1, nDocs - 1);
  const svd = await randomizedSvd(m, dims, { powerIterations: options.powerIterations, seed: options.seed });
  const out = new Float32Array(vocab * dims);
  for (let r = 0; r < vocab; r++) {
    let norm = 0;
    for (let c = 0; c < dims; c++) {
      const x = svd.u[r * dims + c]! * svd.s[c]! ** options.eigenPower;
      out[r * dims + c] = x;
      norm += x * x;
    }
    if (norm > 0) for (let c = 0; c < dims; c++) out[r * dims + c]! /= Math.sqrt(norm);
  }
  return { dim: dims, vectors: out };
}
