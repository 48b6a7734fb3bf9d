// Brute-force cosine ranking and the three figures every candidate is reported with:
// nDCG@10 (BEIR's headline), Recall@100 (what a fusion stage can still recover) and MRR@10.
import type { BeirQuery } from './beir.ts';

export interface Metrics {
  ndcg10: number;
  recall100: number;
  mrr10: number;
  queries: number;
}

/** Top `k` doc indices by dot product (vectors are L2-normalised, so this is cosine). */
export function topK(query: Float32Array, docs: Float32Array, dim: number, k: number): number[] {
  const n = docs.length / dim;
  const scores = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    const o = i * dim;
    for (let c = 0; c < dim; c++) s += query[c]! * docs[o + c]!;
    scores[i] = s;
  }
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return idx.slice(0, k);
}

export function evaluate(
  queries: BeirQuery[],
  ranked: Map<string, string[]>,
  qrels: Map<string, Map<string, number>>,
): Metrics {
  let ndcg = 0;
  let recall = 0;
  let mrr = 0;
  for (const q of queries) {
    const rel = qrels.get(q.id) ?? new Map<string, number>();
    const list = ranked.get(q.id) ?? [];
    let dcg = 0;
    list.slice(0, 10).forEach((d, i) => (dcg += (rel.get(d) ?? 0) / Math.log2(i + 2)));
    const ideal = [...rel.values()].sort((a, b) => b - a).slice(0, 10);
    const idcg = ideal.reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
    ndcg += idcg > 0 ? dcg / idcg : 0;
    const relevant = [...rel.entries()].filter(([, g]) => g > 0).map(([d]) => d);
    const top100 = new Set(list.slice(0, 100));
    recall += relevant.length ? relevant.filter((d) => top100.has(d)).length / relevant.length : 0;
    const first = list.slice(0, 10).findIndex((d) => (rel.get(d) ?? 0) > 0);
    mrr += first >= 0 ? 1 / (first + 1) : 0;
  }
  const n = queries.length || 1;
  return { ndcg10: ndcg / n, recall100: recall / n, mrr10: mrr / n, queries: queries.length };
}

export function formatMetrics(m: Metrics): string {
  return `nDCG@10 ${m.ndcg10.toFixed(3)}  R@100 ${m.recall100.toFixed(3)}  MRR@10 ${m.mrr10.toFixed(3)}  (${m.queries} q)`;
}
