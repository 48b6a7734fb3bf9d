// A tiny embedding model laid out as a hub repository (config.json, tokenizer files,
// onnx/model.onnx, no Cairn card): a BERT-shaped graph with random word vectors, written by the
// same code as Cairn's own static models, so transformers.js loads it as it loads a hub model.
import fs from 'node:fs';
import { MODEL_CARD_FILE } from '../embed/embedder.ts';
import { writeStaticModel } from '../embed/static-onnx.ts';

export const TINY_WORDS = ['cat', 'dog', 'fish', 'bird', 'tree', 'river', 'stone', 'cloud'];

/** Writes the model into `dir`; `seed` picks its vectors, so two seeds make two different models. */
export function writeTinyHubModel(dir: string, seed = 1, dim = 8): void {
  let x = seed;
  // a fixed linear congruential sequence: the same seed, the same model
  const next = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const vectors = Float32Array.from({ length: TINY_WORDS.length * dim }, next);
  writeStaticModel(
    dir,
    { vocab: TINY_WORDS, dim, vectors },
    {
      storage: 'fp32',
      card: {
        id: 'tiny',
        provenance: { source: 'tiny-model.ts', builtBy: 'tests', builtAt: new Date(0).toISOString() },
        licence: { name: 'MIT', files: [] },
        defaults: { fusion: 'convex', weights: { lexical: 1, semantic: 0.5, token: 0.1, graph: 0.3 }, rrfK: 60 },
        measured: [],
      },
    },
  );
  fs.rmSync(`${dir}/${MODEL_CARD_FILE}`);
}
