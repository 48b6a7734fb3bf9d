// Loads any model folder through @huggingface/transformers — Cairn's own static tables and
// a downloaded hub transformer alike — and puts it behind the Embedder interface. Remote
// loading is switched off here: a missing file must fail loudly, naming the folder, and never
// turn into a network request.
import fs from 'node:fs';
import path from 'node:path';
import { env, pipeline, type FeatureExtractionPipeline, type Tensor } from '@huggingface/transformers';
import { STRONG_MODEL_DEFAULTS } from './fusion-defaults.ts';
import { readModelCard, writeModelCard, type EmbedOptions, type Embedder, type ModelCard, type ModelInfo } from './embedder.ts';
import { LruCache } from './lru-cache.ts';
import { downloadFromHub, HUB_ENDPOINT, type HubProgress } from './hub-download.ts';
import { catalogModel } from './model-catalog.ts';

export interface LoadOptions {
  /** Texts per onnxruntime call: bigger batches amortise overhead, smaller ones pad less. */
  batchSize?: number;
  /** Query embeddings kept in the LRU cache. */
  queryCacheSize?: number;
  /**
   * Characters per batch, whatever the count: the output tensor is batch × longest × dim
   * floats, so a batch of long sections must be smaller than a batch of short ones.
   */
  batchChars?: number;
}

const REQUIRED_FILES = ['config.json', 'tokenizer.json'];

export async function loadLocalModel(dir: string, options: LoadOptions = {}): Promise<Embedder> {
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) {
    throw new Error(`Embedding model folder ${root} does not exist`);
  }
  const missing = REQUIRED_FILES.filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length) throw new Error(`Embedding model folder ${root} lacks ${missing.join(', ')}`);

  let card: ModelCard;
  try {
    card = readModelCard(root) ?? inferCard(root);
  } catch (err) {
    throw new Error(`Embedding model folder ${root}: ${(err as Error).message}`, { cause: err });
  }

  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  let extractor: FeatureExtractionPipeline;
  try {
    // An absolute path is not a hub id, so transformers.js reads it as-is (no localModelPath).
    extractor = await pipeline('feature-extraction', root, {
      local_files_only: true,
      device: 'cpu',
      dtype: (card.dtype ?? 'fp32') as 'fp32',
    });
  } catch (err) {
    throw new Error(`Cannot load embedding model from ${root}: ${(err as Error).message}`, { cause: err });
  }
  return new LocalModel({ ...card, dir: root }, extractor, options);
}

class LocalModel implements Embedder {
  private readonly batchSize: number;
  private readonly batchChars: number;
  private readonly queries: LruCache<string, Float32Array>;

  constructor(
    readonly info: ModelInfo,
    private readonly extractor: FeatureExtractionPipeline,
    options: LoadOptions,
  ) {
    this.batchSize = options.batchSize ?? 64;
    this.batchChars = options.batchChars ?? 200_000;
    this.queries = new LruCache(options.queryCacheSize ?? 512);
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const out = new Array<Float32Array>(texts.length);
    // Batches of similar length pad less: a static model's cost is the padded tensor size.
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    let done = 0;
    while (done < order.length) {
      const ids: number[] = [];
      while (done + ids.length < order.length && ids.length < this.batchSize) {
        const next = order[done + ids.length]!;
        // Sorted ascending, so the newest text is the longest: it sets the padded length.
        if (ids.length > 0 && (ids.length + 1) * texts[next]!.length > this.batchChars) break;
        ids.push(next);
      }
      const vectors = await this.run(ids.map((i) => texts[i]!));
      ids.forEach((id, k) => (out[id] = vectors[k]!));
      done += ids.length;
      options.onProgress?.(done, texts.length);
    }
    return out;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const hit = this.queries.get(text);
    if (hit) return hit;
    const [vector] = await this.run([(this.info.queryPrefix ?? '') + text]);
    this.queries.set(text, vector!);
    return vector!;
  }

  async dispose(): Promise<void> {
    this.queries.clear();
    await this.extractor.dispose();
  }

  /**
   * The feature-extraction pipeline's own steps (its tokenizer, then its model), with the
   * pooling done here: transformers.js's mean_pooling converts the BigInt attention mask
   * inside its innermost loop and spends more time pooling a static model's output than
   * running it. Same arithmetic (masked mean, then L2), ~20× faster.
   */
  private async run(batch: string[]): Promise<Float32Array[]> {
    let hidden: Tensor;
    let mask: Tensor;
    try {
      const inputs = this.extractor.tokenizer(batch, { padding: true, truncation: true });
      const output = await this.extractor.model(inputs);
      hidden = output.last_hidden_state ?? output.token_embeddings ?? output.logits;
      mask = inputs.attention_mask as Tensor;
    } catch (err) {
      throw new Error(`Embedding with ${this.info.dir} failed: ${(err as Error).message}`, { cause: err });
    }
    const [n, seq, dim] = hidden.dims as [number, number, number];
    if (dim !== this.info.dim) {
      throw new Error(`${this.info.dir} produced ${dim}-d vectors but its card says ${this.info.dim}`);
    }
    return pool(hidden.data as Float32Array, mask.data as BigInt64Array, n, seq, dim, this.info.pooling);
  }
}

/** Masked mean (or first-token) pooling, then L2 normalisation; all-masked rows stay zero. */
export function pool(hidden: Float32Array, mask: BigInt64Array, n: number, seq: number, dim: number, pooling: 'mean' | 'cls'): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let b = 0; b < n; b++) {
    const v = new Float32Array(dim);
    if (pooling === 'cls') {
      v.set(hidden.subarray(b * seq * dim, b * seq * dim + dim));
    } else {
      for (let t = 0; t < seq; t++) {
        if (mask[b * seq + t] === 0n) continue;
        const o = (b * seq + t) * dim;
        for (let c = 0; c < dim; c++) v[c]! += hidden[o + c]!;
      }
    }
    // The mean's divisor cancels in the normalisation, so only the norm is needed.
    let norm = 0;
    for (let c = 0; c < dim; c++) norm += v[c]! * v[c]!;
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let c = 0; c < dim; c++) v[c]! *= inv;
    }
    rows.push(v);
  }
  return rows;
}

/** A folder without cairn-model.json (e.g. copied by hand): describe it from config.json. */
function inferCard(root: string): ModelCard {
  const config = JSON.parse(fs.readFileSync(path.join(root, 'config.json'), 'utf8')) as {
    hidden_size?: number;
    dim?: number;
  };
  const dim = config.hidden_size ?? config.dim;
  if (!dim) throw new Error('config.json names no hidden_size, and there is no cairn-model.json');
  return {
    id: path.basename(root),
    dim,
    pooling: 'mean',
    kind: 'transformer',
    provenance: { source: root, builtBy: 'unknown', builtAt: new Date(0).toISOString() },
    licence: { name: 'unknown', files: [] },
    defaults: STRONG_MODEL_DEFAULTS,
    measured: [],
  };
}

/**
 * Downloads a hub model (or a mirror's: `endpoint`, else HF_ENDPOINT) into `cacheDir/<id>` (a
 * plain model folder, files checked against the hub's hashes: embed/hub-download.ts) and writes
 * its card; afterwards loadLocalModel(returned folder) uses it offline like any other model.
 */
export async function downloadHubModel(
  modelId: string,
  cacheDir: string,
  onProgress?: (p: HubProgress) => void,
  options: { dtype?: string; endpoint?: string } = {},
): Promise<string> {
  const dtype = options.dtype ?? 'fp32';
  const endpoint = options.endpoint ?? process.env.HF_ENDPOINT ?? HUB_ENDPOINT;
  const known = catalogModel(modelId);
  // the card goes in with the files, so no process finds the folder without it
  const writeCard = (dir: string) => {
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as { hidden_size?: number };
    if (!config.hidden_size) throw new Error(`${modelId}'s config.json names no hidden_size`);
    writeModelCard(dir, {
      id: modelId,
      dim: config.hidden_size,
      pooling: known?.pooling ?? 'mean',
      queryPrefix: known?.queryPrefix,
      kind: 'transformer',
      dtype,
      provenance: { source: `${endpoint}/${modelId}`, builtBy: 'downloadHubModel', builtAt: new Date().toISOString() },
      licence: { name: known?.licence ?? 'see the model page', files: [] },
      defaults: STRONG_MODEL_DEFAULTS,
      measured: [],
    });
  };
  try {
    return await downloadFromHub({ id: modelId, cacheDir, dtype, endpoint, onProgress, beforeInstall: writeCard });
  } catch (err) {
    throw new Error(`Downloading ${modelId} into ${cacheDir} failed: ${(err as Error).message}`, { cause: err });
  }
}
