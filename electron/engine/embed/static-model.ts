// Cairn's own static models (the GloVe floor, the corpus-adaptive model) embedded in plain JS: the
// text cut into tokens as the folder's tokenizer.json cuts it, then the weighted sum of the tokens'
// table rows, L2-normalised. That is what the folder's ONNX graph computes followed by mean pooling
// (the mean differs from the sum by a factor the normalisation removes), so vectors match
// transformers.js's (static-model.test.ts), without loading the ONNX runtime (~200 ms and ~200 MB
// in a cold process) or a round trip per batch. The ONNX file stays the model's one source of
// truth, loadable by any other tool.
//
// Cutting: a vocabulary of whole words (what Cairn writes) is one word, one token, so the words
// come from bert-words.ts (the same cuts, checked against @huggingface/tokenizers) and a Map: four
// times faster than running the general tokenizer. A vocabulary with "##" pieces goes through
// @huggingface/tokenizers itself. Each distinct token's row is added once, times its count.
import fs from 'node:fs';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import { splitWords } from './bert-words.ts';
import type { EmbedOptions, Embedder, ModelCard, ModelInfo } from './embedder.ts';
import { LruCache } from './lru-cache.ts';
import type { StoredTable } from './static-onnx.ts';

/** Texts between progress reports. */
const PROGRESS_EVERY = 256;
/** WordPiece's limit: a longer word is [UNK]. */
const MAX_WORD_CHARS = 100;

/** Text to token ids, [CLS] and [SEP] excluded, cut to `limit` tokens. */
type Cut = (text: string, limit: number) => ArrayLike<number>;

export async function loadStaticModel(dir: string, card: ModelCard): Promise<Embedder> {
  // the ONNX reader (protobufjs) loads with the first model, not with every process
  const { readStoredTable } = await import('./static-onnx.ts');
  const root = path.resolve(dir);
  const json = (name: string) => JSON.parse(fs.readFileSync(path.join(root, name), 'utf8')) as Record<string, unknown>;
  let table: StoredTable;
  let cut: Cut;
  let maxTokens: number;
  try {
    table = readStoredTable(root);
    const config = json('tokenizer_config.json');
    cut = cutter(json('tokenizer.json'), config);
    maxTokens = Number(config.model_max_length) || 8192;
  } catch (err) {
    throw new Error(`Cannot load embedding model from ${root}: ${(err as Error).message}`, { cause: err });
  }
  if (table.dim !== card.dim) throw new Error(`${root} holds ${table.dim}-d vectors but its card says ${card.dim}`);
  return new StaticModel({ ...card, dir: root }, table, cut, maxTokens);
}

function cutter(tokenizerJson: Record<string, unknown>, config: Record<string, unknown>): Cut {
  const vocab = (tokenizerJson as { model?: { vocab?: Record<string, number> } }).model?.vocab ?? {};
  const words = new Map(Object.entries(vocab));
  const unknown = words.get('[UNK]') ?? 0;
  if ([...words.keys()].some((w) => w.startsWith('##'))) {
    const tokenizer = new Tokenizer(tokenizerJson, config);
    return (text, limit) => tokenizer.encode(text).ids.slice(1, -1).slice(0, limit);
  }
  return (text, limit) => {
    const ids: number[] = [];
    for (const w of splitWords(text)) {
      if (ids.length === limit) break;
      ids.push(w.length > MAX_WORD_CHARS ? unknown : (words.get(w) ?? unknown));
    }
    return ids;
  };
}

class StaticModel implements Embedder {
  private readonly queries = new LruCache<string, Float32Array>(512);
  /** int8 tables: each token's weight times its row's scale, applied once per token */
  private readonly coef: Float32Array;

  /** how many times each token occurs in the text being embedded, and which ones do */
  private readonly count: Float32Array;
  private readonly present: Int32Array;

  constructor(
    readonly info: ModelInfo,
    private readonly table: StoredTable,
    private readonly cut: Cut,
    private readonly maxTokens: number,
  ) {
    const { weights, scale } = table;
    this.coef = scale ? weights.map((w, t) => w * scale[t]!) : weights;
    this.count = new Float32Array(table.rows);
    this.present = new Int32Array(table.rows);
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i++) {
      out.push(this.vector(texts[i]!));
      if ((i + 1) % PROGRESS_EVERY === 0 || i + 1 === texts.length) {
        options.onProgress?.(i + 1, texts.length);
        // a long batch must not hold the event loop (a server answers searches meanwhile)
        await new Promise((r) => setImmediate(r));
      }
    }
    return out;
  }

  async embedQuery(text: string): Promise<Float32Array> {
    const hit = this.queries.get(text);
    if (hit) return hit;
    const v = this.vector((this.info.queryPrefix ?? '') + text);
    this.queries.set(text, v);
    return v;
  }

  async dispose(): Promise<void> {
    this.queries.clear();
  }

  /** Σ coef·row over the text's tokens (as truncated to the model's length), L2-normalised; zeros when no token is known. */
  private vector(text: string): Float32Array {
    const { dim, q, values } = this.table;
    const { count, present, coef } = this;
    // transformers.js cuts [CLS] + tokens (+ [SEP]) to the model's length: [CLS] takes one place
    const ids = this.cut(text, this.maxTokens - 1);
    let distinct = 0;
    for (let i = 0; i < ids.length; i++) {
      const t = ids[i]!;
      if (coef[t] === 0) continue;
      if (count[t] === 0) present[distinct++] = t;
      count[t]!++;
    }
    const v = new Float32Array(dim);
    for (let k = 0; k < distinct; k++) {
      const t = present[k]!;
      const c = coef[t]! * count[t]!;
      count[t] = 0;
      const row = t * dim;
      const src = q ?? values!;
      let d = 0;
      for (; d + 3 < dim; d += 4) {
        v[d]! += c * src[row + d]!;
        v[d + 1]! += c * src[row + d + 1]!;
        v[d + 2]! += c * src[row + d + 2]!;
        v[d + 3]! += c * src[row + d + 3]!;
      }
      for (; d < dim; d++) v[d]! += c * src[row + d]!;
    }
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += v[d]! * v[d]!;
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let d = 0; d < dim; d++) v[d]! *= inv;
    }
    return v;
  }
}
