// A cross-encoder (a model that reads the query and a passage together and scores the pair, e.g.
// ms-marco-MiniLM-L-6-v2) loaded from a model folder through transformers.js, offline as every
// model is here: a missing file fails naming the folder, never as a network request.
//
// onnxruntime runs a batch synchronously on the calling thread: it runs on a thread of its own
// (worker-reranker.ts) where one can start, and in small batches that stop once the signal is
// aborted, so a reranker past its time does not go on working for a search that has answered.
import fs from 'node:fs';
import path from 'node:path';
import { AutoModelForSequenceClassification, AutoTokenizer, env, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';

export interface Reranker {
  /** The folder's name, or the hub id it was downloaded as. */
  readonly id: string;
  /** One score per passage, higher is more relevant; only their order means anything. Stops with `signal`'s reason once it is aborted. */
  score(query: string, passages: string[], signal: AbortSignal): Promise<number[]>;
  /** False once it can score no more (its thread died): the slot loads it again. */
  alive(): boolean;
  dispose(): Promise<void>;
}

/** Pairs per model call: each call holds the thread, so a few at a time. */
const BATCH = 4;
/** BERT-sized cross-encoders read at most 512 tokens, query and passage together. */
const MAX_TOKENS = 512;

/** Throws, naming the folder, when it lacks what every reranker folder has. */
export function checkRerankerFolder(dir: string): void {
  const root = path.resolve(dir);
  for (const file of ['config.json', 'tokenizer.json']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`Reranker folder ${root} lacks ${file}`);
  }
}

export async function loadCrossEncoder(dir: string, id = path.basename(dir)): Promise<Reranker> {
  const root = path.resolve(dir);
  checkRerankerFolder(root);
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  try {
    const options = { local_files_only: true } as const;
    const tokenizer = await AutoTokenizer.from_pretrained(root, options);
    // one thread of the machine's: the doors and the read workers need the rest
    const model = await AutoModelForSequenceClassification.from_pretrained(root, {
      ...options,
      device: 'cpu',
      dtype: 'fp32',
      session_options: { intraOpNumThreads: 1 },
    });
    const config = JSON.parse(fs.readFileSync(path.join(root, 'config.json'), 'utf8')) as { max_position_embeddings?: number };
    const maxTokens = Math.min(MAX_TOKENS, config.max_position_embeddings ?? MAX_TOKENS, tokenizer.model_max_length ?? MAX_TOKENS);
    return new CrossEncoder(id, root, tokenizer, model, maxTokens);
  } catch (err) {
    throw new Error(`Cannot load the reranker from ${root}: ${(err as Error).message}`, { cause: err });
  }
}

class CrossEncoder implements Reranker {
  constructor(
    readonly id: string,
    private readonly dir: string,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    private readonly maxTokens: number,
  ) {}

  async score(query: string, passages: string[], signal: AbortSignal): Promise<number[]> {
    const out: number[] = [];
    for (let at = 0; at < passages.length; at += BATCH) {
      signal.throwIfAborted();
      out.push(...(await this.scoreBatch(query, passages.slice(at, at + BATCH))));
    }
    return out;
  }

  private async scoreBatch(query: string, batch: string[]): Promise<number[]> {
    let logits: Tensor;
    try {
      const inputs = this.tokenizer(
        batch.map(() => query),
        { text_pair: batch, padding: true, truncation: true, max_length: this.maxTokens },
      );
      ({ logits } = (await this.model(inputs)) as { logits: Tensor });
    } catch (err) {
      throw new Error(`Reranking with ${this.id} failed: ${(err as Error).message}`, { cause: err });
    }
    return relevance(logits, batch.length, this.id);
  }

  alive(): boolean {
    return true;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}

/** Each pair's relevance from the model's logits: its one logit, or (not relevant, relevant) as their difference. */
function relevance(logits: Tensor, pairs: number, id: string): number[] {
  const [rows, labels] = logits.dims;
  if (logits.dims.length !== 2 || rows !== pairs || !labels || labels > 2) {
    throw new Error(`${id} is not a reranker: it gave logits of shape [${logits.dims.join(', ')}] for ${pairs} pairs, not [${pairs}, 1] or [${pairs}, 2]`);
  }
  const data = logits.data as Float32Array;
  const scores = Array.from({ length: rows }, (_, r) => (labels === 1 ? data[r]! : data[r * 2 + 1]! - data[r * 2]!));
  if (!scores.every(Number.isFinite)) throw new Error(`${id} gave a score that is not a number`);
  return scores;
}
