// The hub models Cairn recommends, each with what a user needs to choose one: its size, its
// languages, and the published figure it was chosen on. Any other hub model downloads too, with
// mean pooling and no query prefix.
import fs from 'node:fs';
import path from 'node:path';
import type { ModelChoice } from '../../../shared/models.ts';
import type { ModelCard } from './embedder.ts';

export interface CatalogModel extends Pick<ModelCard, 'pooling' | 'queryPrefix'> {
  /** The repository on the hub that holds its ONNX export. */
  id: string;
  dim: number;
  /** The fp32 ONNX file's size, what the download costs. */
  megabytes: number;
  languages: string;
  licence: string;
  /** A published retrieval figure, with where it comes from. */
  published: string;
}

export const MODEL_CATALOG: readonly CatalogModel[] = [
  {
    id: 'Xenova/bge-small-en-v1.5',
    dim: 384,
    megabytes: 133,
    languages: 'English',
    licence: 'MIT',
    pooling: 'cls',
    queryPrefix: 'Represent this sentence for searching relevant passages: ',
    published: 'SciFact test nDCG@10 0.713 (MTEB)',
  },
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    dim: 384,
    megabytes: 90,
    languages: 'English',
    licence: 'Apache-2.0',
    pooling: 'mean',
    published: 'SciFact test nDCG@10 0.645 (MTEB)',
  },
  {
    id: 'Xenova/multilingual-e5-small',
    dim: 384,
    megabytes: 470,
    languages: 'about 100 languages',
    licence: 'MIT',
    pooling: 'mean',
    queryPrefix: 'query: ',
    published: 'see its model card (MTEB, multilingual retrieval)',
  },
];

export const catalogModel = (id: string): CatalogModel | undefined => MODEL_CATALOG.find((m) => m.id === id);

/** The folder of hub model `id` in the cache, or null when it has not been downloaded (a download lands whole: hub-download.ts). */
export function downloadedHubModel(hubCache: string, id: string): string | null {
  const dir = path.join(hubCache, id);
  return fs.existsSync(path.join(dir, 'config.json')) ? dir : null;
}

/** The catalog as a person chooses from it: each model, and whether this machine has it. */
export function modelChoices(hubCache: string): ModelChoice[] {
  return MODEL_CATALOG.map((m) => ({
    id: m.id,
    dim: m.dim,
    megabytes: m.megabytes,
    languages: m.languages,
    licence: m.licence,
    published: m.published,
    downloaded: downloadedHubModel(hubCache, m.id) !== null,
  }));
}
