// Opens a model folder: Cairn's own static models in plain JS (static-model.ts), anything else —
// a transformer from the hub — through transformers.js, which is only imported then.
import type { Embedder } from './embedder.ts';
import { readModelCard } from './embedder.ts';
import { loadStaticModel } from './static-model.ts';

export async function loadModelDir(dir: string): Promise<Embedder> {
  const card = readModelCard(dir);
  if (card?.kind === 'static') return loadStaticModel(dir, card);
  const { loadLocalModel } = await import('./local-model.ts');
  return loadLocalModel(dir);
}
