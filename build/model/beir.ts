// BEIR-format evaluation data (corpus.jsonl, queries-*.jsonl, qrels-*.tsv) and the query
// split the model probes use: SciFact has no test split here, so even query ids tune and
// odd ids are held out; a figure reported as held-out was never looked at while tuning.
import fs from 'node:fs';
import path from 'node:path';

export interface BeirDoc {
  id: string;
  title: string;
  text: string;
}
export interface BeirQuery {
  id: string;
  text: string;
}
export interface BeirSet {
  docs: BeirDoc[];
  queries: BeirQuery[];
  /** query id → relevant doc id → grade */
  qrels: Map<string, Map<string, number>>;
}

export const SCIFACT_DIR = process.env.CAIRN_SCIFACT ?? '/work/shared/eval/scifact';

export function loadBeir(dir = SCIFACT_DIR, split = 'train'): BeirSet {
  const lines = (file: string) =>
    fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((l) => l.trim());
  const docs = lines('corpus.jsonl').map((l) => {
    const d = JSON.parse(l) as { _id: string; title?: string; text?: string };
    return { id: String(d._id), title: d.title ?? '', text: d.text ?? '' };
  });
  const qrels = new Map<string, Map<string, number>>();
  for (const l of lines(`qrels-${split}.tsv`).slice(1)) {
    const [q, d, s] = l.split('\t');
    if (!q || !d) continue;
    if (!qrels.has(q)) qrels.set(q, new Map());
    qrels.get(q)!.set(d, Number(s ?? 1));
  }
  const queries = lines(`queries-${split}.jsonl`)
    .map((l) => JSON.parse(l) as { _id: string; text: string })
    .map((q) => ({ id: String(q._id), text: q.text }))
    .filter((q) => qrels.has(q.id));
  return { docs, queries, qrels };
}

export type QuerySplit = 'tune' | 'heldout' | 'all';

export function splitQueries(queries: BeirQuery[], split: QuerySplit): BeirQuery[] {
  if (split === 'all') return queries;
  return queries.filter((q) => (Number(q.id) % 2 === 0) === (split === 'tune'));
}

export function docText(d: BeirDoc): string {
  return d.title ? `${d.title} ${d.text}` : d.text;
}
