// What the model probes share: SciFact read by the engine's BEIR loader, a document's text as
// the probes embed it, brute-force cosine ranking, and the engine's figures over a half of the
// queries (electron/engine/eval/: loadBeir, splitQueries, scoreQueries). SciFact has no test
// split here, so splitQueries' halves stand in: even query ids tune, odd ids are held out.
import path from 'node:path';
import { loadBeir, type BeirDoc, type BeirQuery, type BeirSet } from '../../electron/engine/eval/beir.ts';
import { scoreQueries, type Qrels, type RankMetrics } from '../../electron/engine/eval/metrics.ts';

export const SCIFACT_DIR = process.env.CAIRN_SCIFACT ?? '/work/shared/eval/scifact';

/** A BEIR folder (corpus.jsonl, queries-<split>.jsonl, qrels-<split>.tsv); bad lines are reported and skipped. */
export function loadBeirDir(dir = SCIFACT_DIR, split = 'train'): BeirSet {
  const set = loadBeir({ corpus: path.join(dir, 'corpus.jsonl'), queries: path.join(dir, `queries-${split}.jsonl`), qrels: path.join(dir, `qrels-${split}.tsv`) });
  for (const p of set.problems) process.stderr.write(`${p}\n`);
  return set;
}

export function docText(d: BeirDoc): string {
  return d.title ? `${d.title} ${d.text}` : d.text;
}

export interface Metrics extends RankMetrics {
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

/** The engine's figures for `queries`, each ranked as `ranked` says (doc ids, best first). */
export function evaluate(queries: BeirQuery[], ranked: Map<string, string[]>, qrels: Qrels): Metrics {
  return { ...scoreQueries(queries, (id) => ranked.get(id) ?? [], qrels), queries: queries.length };
}

export function formatMetrics(m: Metrics): string {
  return `nDCG@10 ${m.ndcg10.toFixed(3)}  R@100 ${m.recall100.toFixed(3)}  MRR@10 ${m.mrr10.toFixed(3)}  (${m.queries} q)`;
}
