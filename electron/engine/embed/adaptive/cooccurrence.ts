// Word–context co-occurrence counts within a symmetric window, never across two texts.
import { rowByRow, wordPositions } from './word-positions.ts';
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

export function countCooccurrences(docs: Int32Array[], vocabSize: number, options: WindowOptions): Promise<CsrMatrix> {
  const { window } = options;
  const weight = Float32Array.from({ length: window + 1 }, (_, d) =>
    options.weighting === 'harmonic' ? 1 / d : options.weighting === 'linear' ? (window - d + 1) / window : 1,
  );
  const { tokens, start, positions } = wordPositions(docs, vocabSize, window);
  return rowByRow(vocabSize, vocabSize, (word, add) => {
    for (let p = start[word]!; p < start[word + 1]!; p++) {
      const at = positions[p]!;
      const from = Math.max(0, at - window);
      const to = Math.min(tokens.length - 1, at + window);
      for (let j = from; j <= to; j++) {
        const b = tokens[j]!;
        if (b >= 0 && j !== at) add(b, weight[Math.abs(j - at)]!);
      }
    }
  });
}
