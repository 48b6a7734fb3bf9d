// Word vectors from the corpus itself: windowed co-occurrence → PPMI → truncated SVD.
// Following Levy, Goldberg & Dagan (2015), the vectors are U·Σ^p with p < 1 (p = 1 over-weights
// the top dimensions, which mostly encode frequency) and optionally add the context side V·Σ^p.
import { countCooccurrences, type WindowOptions } from './cooccurrence.ts';
import type { CorpusCounts } from './corpus-vocabulary.ts';
import { ppmi, type PpmiOptions } from './ppmi.ts';
import { randomizedSvd } from './randomized-svd.ts';

export interface WordVectorOptions extends WindowOptions, PpmiOptions {
  dims: number;
  /** Eigenvalue weighting exponent p in U·Σ^p. */
  eigenPower: number;
  /** Use W + C (word plus context vectors), which helps similarity tasks. */
  addContext: boolean;
  powerIterations: number;
  seed: number;
}

export interface WordVectors {
  dim: number;
  /** counts.words.length × dim, row-major, each row L2-normalised (zero rows stay zero). */
  vectors: Float32Array;
  singularValues: Float64Array;
  nonZeros: number;
  timings: Record<string, number>;
}

export async function learnWordVectors(counts: CorpusCounts, options: WordVectorOptions): Promise<WordVectors> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - t);
    t = now;
  };
  const vocab = counts.words.length;
  const cooc = await countCooccurrences(counts.docs, vocab, options);
  lap('cooccurrence');
  const pmi = await ppmi(cooc, options);
  lap('ppmi');
  const dims = Math.min(options.dims, vocab - 1);
  const svd = await randomizedSvd(pmi, dims, {
    powerIterations: options.powerIterations,
    seed: options.seed,
    rightVectors: options.addContext,
  });
  lap('svd');
  const vectors = new Float32Array(vocab * dims);
  const scale = Float64Array.from(svd.s, (s) => s ** options.eigenPower);
  for (let r = 0; r < vocab; r++) {
    let norm = 0;
    for (let c = 0; c < dims; c++) {
      let x = svd.u[r * dims + c]! * scale[c]!;
      if (svd.v) x += svd.v[r * dims + c]! * scale[c]!;
      vectors[r * dims + c] = x;
      norm += x * x;
    }
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let c = 0; c < dims; c++) vectors[r * dims + c]! *= inv;
    }
  }
  lap('vectors');
  return { dim: dims, vectors, singularValues: svd.s, nonZeros: pmi.values.length, timings };
}
