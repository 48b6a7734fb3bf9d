// How much each word counts in a text's average. A plain mean lets "the" and "of" dominate;
// weighting by idf (how few texts use the word) or SIF (Arora et al. 2017: a/(a + p(w)))
// makes the average about the content words, like BM25 does for the lexical lane.
import type { CorpusCounts } from './corpus-vocabulary.ts';

export type WeightScheme = { kind: 'idf'; power: number } | { kind: 'sif'; a: number } | { kind: 'none' };

/** BM25's idf, never negative: ln(1 + (N − df + 0.5)/(df + 0.5)). */
export function idf(docFreq: number, nDocs: number): number {
  return Math.log(1 + (nDocs - docFreq + 0.5) / (docFreq + 0.5));
}

/** SIF: a/(a + p(w)), p from the word's share of all tokens. */
export function sif(probability: number, a: number): number {
  return a / (a + probability);
}

export function wordWeights(counts: CorpusCounts, scheme: WeightScheme): Float32Array {
  const n = counts.docs.length;
  return Float32Array.from(counts.words, (_, i) => {
    if (scheme.kind === 'idf') return idf(counts.docFreq[i]!, n) ** scheme.power;
    if (scheme.kind === 'sif') return sif(counts.termFreq[i]! / counts.totalTokens, scheme.a);
    return 1;
  });
}
