// Borrowing general-purpose vectors (the shipped GloVe floor) for what a small wiki cannot
// teach: words it has seen only a handful of times get noisy co-occurrence rows. Two ways:
//  - concat: each row becomes [√(1−β)·corpus, √β·general], so cosine mixes both spaces;
//  - map: a ridge-regression map from general space into corpus space, learned on words the
//    corpus knows well, supplies a prior that rare words' own vectors are shrunk towards
//    (and, optionally, vectors for general words the corpus never used).
import { cholesky, gram, multiply, transpose } from './dense.ts';
import type { StaticTable } from '../static-onnx.ts';

export type GeneralBlend =
  | { mode: 'none' }
  | { mode: 'concat'; weight: number }
  | {
      mode: 'map';
      /** A word seen n times keeps n/(n + shrink) of its own vector. */
      shrink: number;
      /** Words seen at least this often train the map. */
      trainMinCount: number;
      ridge: number;
      /** Most frequent general words the corpus lacks to add, mapped (0 = none). */
      extend: number;
    };

/**
 * `corpus` rows must be unit length; `termFreq` counts each corpus word. `extendWeight` is the
 * lookup weight for words added from the general model (they have no corpus statistics).
 */
export async function blendGeneral(
  corpus: StaticTable,
  termFreq: Float64Array,
  general: StaticTable,
  blend: GeneralBlend,
  extendWeight: number,
): Promise<StaticTable> {
  if (blend.mode === 'none') return corpus;
  const gIndex = new Map(general.vocab.map((w, i) => [w, i]));
  const gd = general.dim;
  const unitGeneral = (i: number, out: Float32Array, offset: number, scale: number) => {
    let n = 0;
    for (let c = 0; c < gd; c++) n += general.vectors[i * gd + c]! ** 2;
    const s = n > 0 ? scale / Math.sqrt(n) : 0;
    for (let c = 0; c < gd; c++) out[offset + c] = general.vectors[i * gd + c]! * s;
  };

  if (blend.mode === 'concat') {
    const d = corpus.dim + gd;
    const vectors = new Float32Array(corpus.vocab.length * d);
    const a = Math.sqrt(1 - blend.weight);
    corpus.vocab.forEach((w, r) => {
      for (let c = 0; c < corpus.dim; c++) vectors[r * d + c] = corpus.vectors[r * corpus.dim + c]! * a;
      const g = gIndex.get(w);
      if (g !== undefined) unitGeneral(g, vectors, r * d + corpus.dim, Math.sqrt(blend.weight));
    });
    return { ...corpus, dim: d, vectors };
  }

  // Ridge map M (gd × d): min Σ‖g_w·M − u_w‖² + λ‖M‖² over well-attested shared words.
  const d = corpus.dim;
  const train = corpus.vocab.map((w, r) => [r, gIndex.get(w)] as const).filter(([r, g]) => g !== undefined && termFreq[r]! >= blend.trainMinCount);
  if (train.length < gd * 2) return corpus; // too small a wiki to learn a map from
  const G = new Float32Array(train.length * gd);
  const U = new Float32Array(train.length * d);
  train.forEach(([r, g], k) => {
    unitGeneral(g!, G, k * gd, 1);
    U.set(corpus.vectors.subarray(r * d, (r + 1) * d), k * d);
  });
  const gtg = await gram(G, train.length, gd);
  for (let i = 0; i < gd; i++) gtg[i * gd + i]! += blend.ridge;
  const gtu = await multiply(transpose(G, train.length, gd), gd, train.length, U, d);
  const map = solveSpd(gtg, gd, gtu, d);

  const inCorpus = new Set(corpus.vocab);
  const extra = general.vocab
    .map((w, i) => [w, i] as const)
    .filter(([w]) => !inCorpus.has(w))
    .slice(0, blend.extend);
  const vocab = [...corpus.vocab, ...extra.map(([w]) => w)];
  const vectors = new Float32Array(vocab.length * d);
  vectors.set(corpus.vectors);
  const weights = new Float32Array(vocab.length);
  weights.set(corpus.weights ?? new Float32Array(corpus.vocab.length).fill(1));
  weights.fill(extendWeight, corpus.vocab.length);

  // Prior for every word the general model knows, in one product: (words × gd)·(gd × d).
  const rows = vocab.map((w) => gIndex.get(w));
  const known = rows.map((g, r) => [r, g] as const).filter(([, g]) => g !== undefined);
  const Gall = new Float32Array(known.length * gd);
  known.forEach(([, g], k) => unitGeneral(g!, Gall, k * gd, 1));
  const prior = await multiply(Gall, known.length, gd, map, d);
  known.forEach(([r], k) => {
    const n = r < corpus.vocab.length ? termFreq[r]! : 0;
    const own = n / (n + blend.shrink);
    let norm = 0;
    const p = prior.subarray(k * d, (k + 1) * d);
    for (let c = 0; c < d; c++) norm += p[c]! ** 2;
    const ps = norm > 0 ? (1 - own) / Math.sqrt(norm) : 0;
    let out = 0;
    for (let c = 0; c < d; c++) {
      const v = own * vectors[r * d + c]! + ps * p[c]!;
      vectors[r * d + c] = v;
      out += v * v;
    }
    if (out > 0) for (let c = 0; c < d; c++) vectors[r * d + c]! /= Math.sqrt(out);
  });
  return { vocab, dim: d, vectors, weights };
}

/** X with A·X = B for symmetric positive definite A (n×n), B (n×k), via Cholesky. */
function solveSpd(a: Float64Array, n: number, b: Float32Array, k: number): Float32Array {
  const r = cholesky(a, n); // RᵀR = A, R upper
  const x = Float64Array.from(b);
  for (let c = 0; c < k; c++) {
    for (let i = 0; i < n; i++) {
      // forward: Rᵀ y = b
      let s = x[i * k + c]!;
      for (let t = 0; t < i; t++) s -= r[t * n + i]! * x[t * k + c]!;
      x[i * k + c] = s / r[i * n + i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      // back: R x = y
      let s = x[i * k + c]!;
      for (let t = i + 1; t < n; t++) s -= r[i * n + t]! * x[t * k + c]!;
      x[i * k + c] = s / r[i * n + i]!;
    }
  }
  return Float32Array.from(x);
}
