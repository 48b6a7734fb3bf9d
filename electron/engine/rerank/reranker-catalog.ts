// The rerankers (cross-encoders) Cairn recommends, each with what a user needs to choose one, and
// how to tell a downloaded reranker from an embedding model: its config names a classifier.
import fs from 'node:fs';
import path from 'node:path';
import type { CatalogModel } from '../embed/model-catalog.ts';

/** The rerankers (cross-encoders) Cairn recommends: `--reranker hub:ID` once pulled. */
export const RERANKER_CATALOG: readonly Pick<CatalogModel, 'id' | 'megabytes' | 'languages' | 'licence' | 'published'>[] = [
  {
    id: 'Xenova/ms-marco-MiniLM-L-6-v2',
    megabytes: 91,
    languages: 'English',
    licence: 'Apache-2.0',
    published: 'TREC DL 2019 nDCG@10 74.30, MS MARCO dev MRR@10 39.01 (sbert.net, cross-encoder/ms-marco-MiniLM-L-6-v2)',
  },
  {
    id: 'Xenova/bge-reranker-base',
    megabytes: 1110,
    languages: 'English and Chinese',
    licence: 'MIT',
    published: 'see its model card (C-MTEB and MTEB reranking)',
  },
];

/** Whether a downloaded folder holds a cross-encoder (a reranker) rather than an embedding model: its config says so. */
export function isCrossEncoder(dir: string): boolean {
  const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as { architectures?: string[] };
  return (config.architectures ?? []).some((a) => a.endsWith('ForSequenceClassification'));
}
