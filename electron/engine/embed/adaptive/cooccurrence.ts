// Word–context co-occurrence counts within a symmetric window, never across two texts.
import { PairCounter } from './pair-counter.ts';
import type { CsrMatrix } from './sparse-matrix.ts';

export interface WindowOptions {
  /** Words on each side that count as context. */
  window: number;
  /**
   * uniform: every word in the window counts 1; harmonic: 1/distance (GloVe's choice);
   * linear: (window − d + 1)/window, what word2vec's sampled window size amounts to.
   */
  weighting: 'uniform' | 'harmonic' | 'linear';
}

export function countCooccurrences(docs: Int32Array[], vocabSize: number, options: WindowOptions): CsrMatrix {
  const { window } = options;
  const weight = Float32Array.from({ length: window + 1 }, (_, d) =>
    options.weighting === 'harmonic' ? 1 / d : options.weighting === 'linear' ? (window - d + 1) / window : 1,
  );
  let tokens = 0;
  for (const d of docs) tokens += d.length;
  const pairs = new PairCounter(Math.min(tokens * window, 1 << 24));
  for (const ids of docs) {
    for (let i = 0; i < ids.length; i++) {
      const a = ids[i]!;
      if (a < 0) continue;
      const end = Math.min(ids.length, i + window + 1);
      for (let j = i + 1; j < end; j++) {
        const b = ids[j]!;
        if (b < 0) continue;
        const w = weight[j - i]!;
        pairs.add(a, b, w);
        pairs.add(b, a, w);
      }
    }
  }
  return pairs.toCsr(vocabSize, vocabSize);
}
