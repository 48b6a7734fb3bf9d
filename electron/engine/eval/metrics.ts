// The figures BEIR reports: nDCG@10 (graded gains), Recall@100 and MRR@10, averaged over queries.

export interface RankMetrics {
  ndcg10: number;
  recall100: number;
  mrr10: number;
}

export type Qrels = Map<string, Map<string, number>>;

export function scoreRanking(ranked: string[], relevant: Map<string, number>): RankMetrics {
  const gain = (d: string) => relevant.get(d) ?? 0;
  const dcg = ranked.slice(0, 10).reduce((s, d, i) => s + gain(d) / Math.log2(i + 2), 0);
  const ideal = [...relevant.values()].sort((a, b) => b - a).slice(0, 10);
  const idcg = ideal.reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  const positives = [...relevant.entries()].filter(([, g]) => g > 0).map(([d]) => d);
  const top100 = new Set(ranked.slice(0, 100));
  const first = ranked.slice(0, 10).findIndex((d) => gain(d) > 0);
  return {
    ndcg10: idcg > 0 ? dcg / idcg : 0,
    recall100: positives.length ? positives.filter((d) => top100.has(d)).length / positives.length : 0,
    mrr10: first >= 0 ? 1 / (first + 1) : 0,
  };
}

/** The mean figures over `queries`: each ranked by `rank` (doc ids, best first) and judged by its qrels. */
export function scoreQueries(queries: readonly { id: string }[], rank: (queryId: string) => string[], qrels: Qrels): RankMetrics {
  return meanMetrics(queries.map((q) => scoreRanking(rank(q.id), qrels.get(q.id) ?? new Map())));
}

export function meanMetrics(all: RankMetrics[]): RankMetrics {
  const n = all.length || 1;
  const sum = (f: (m: RankMetrics) => number) => all.reduce((s, m) => s + f(m), 0) / n;
  return { ndcg10: sum((m) => m.ndcg10), recall100: sum((m) => m.recall100), mrr10: sum((m) => m.mrr10) };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
