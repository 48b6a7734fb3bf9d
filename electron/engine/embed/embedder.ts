// The one shape every embedding model takes inside Cairn, and the card that travels with it.
// A model folder is whatever transformers.js can load (config.json, tokenizer.json, onnx/…)
// plus `cairn-model.json`: what the model is, where it came from, under which licence, and
// the lane weights that were measured best with it — because a weak semantic lane at a
// strong lane's weight wrecks the fused ranking, the weights belong to the model.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FusionDefaults } from '../../../shared/search.ts';

export const MODEL_CARD_FILE = 'cairn-model.json';

/** One measured figure set; `how` says enough to reproduce it. */
export const Measurement = z.object({
  how: z.string(),
  dataset: z.string(),
  queries: z.string(),
  ndcg10: z.number(),
  recall100: z.number(),
  mrr10: z.number(),
  at: z.string(),
});
export type Measurement = z.infer<typeof Measurement>;

export const ModelCard = z.object({
  id: z.string().min(1),
  dim: z.number().int().positive(),
  pooling: z.enum(['mean', 'cls']),
  /** static = a lookup table written by Cairn; transformer = a real encoder (e.g. from the hub). */
  kind: z.enum(['static', 'transformer']),
  /** transformers.js dtype to load (selects onnx/model.onnx vs onnx/model_quantized.onnx …). */
  dtype: z.string().optional(),
  /** Prepended to queries only (bge-style retrieval instructions). */
  queryPrefix: z.string().optional(),
  provenance: z.object({
    source: z.string(),
    builtBy: z.string(),
    builtAt: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
    notes: z.string().optional(),
  }),
  licence: z.object({
    name: z.string(),
    files: z.array(z.string()),
    summary: z.string().optional(),
  }),
  /** How the search lanes should be fused when this model drives the semantic lane. */
  defaults: FusionDefaults,
  measured: z.array(Measurement).default([]),
});
export type ModelCard = z.infer<typeof ModelCard>;

/** A card plus the folder it was read from: what the engine records beside every vector. */
export interface ModelInfo extends ModelCard {
  dir: string;
}

export interface EmbedOptions {
  /** Called after each batch with texts done so far; re-embedding a wiki can take a while. */
  onProgress?: (done: number, total: number) => void;
}

export interface Embedder {
  readonly info: ModelInfo;
  /** One L2-normalised vector per text, in input order; a text with no known token gives zeros. */
  embed(texts: string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** A query embedding, served from an LRU cache when the same query repeats. */
  embedQuery(text: string): Promise<Float32Array>;
  dispose(): Promise<void>;
}

export function readModelCard(dir: string): ModelCard | null {
  const file = path.join(dir, MODEL_CARD_FILE);
  if (!fs.existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Model card ${file} is not valid JSON: ${(err as Error).message}`);
  }
  const parsed = ModelCard.safeParse(raw);
  if (!parsed.success) throw new Error(`Model card ${file} is invalid: ${parsed.error.message}`);
  return parsed.data;
}

export function writeModelCard(dir: string, card: ModelCard): void {
  const checked = ModelCard.parse(card);
  fs.writeFileSync(path.join(dir, MODEL_CARD_FILE), JSON.stringify(checked, null, 2) + '\n');
}

/** `cairn eval` stores what it measured, so the UI shows where the default weights came from. */
export function recordMeasurement(dir: string, defaults: FusionDefaults, measured: Measurement): void {
  const card = readModelCard(dir);
  if (!card) throw new Error(`No ${MODEL_CARD_FILE} in ${dir}`);
  const others = card.measured.filter((m) => m.dataset !== measured.dataset || m.queries !== measured.queries);
  writeModelCard(dir, { ...card, defaults, measured: [...others, measured] });
}
