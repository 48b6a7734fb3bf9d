// A cross-encoder (a model that reads the query and a passage together and scores the pair, e.g.
// ms-marco-MiniLM-L-6-v2) loaded from a model folder through transformers.js, offline as every
// model is here: a missing file fails naming the folder, never as a network request.
import fs from 'node:fs';
import path from 'node:path';
import { AutoModelForSequenceClassification, AutoTokenizer, env, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';

export interface Reranker {
  /** The folder's name, or the hub id it was downloaded as. */
  readonly id: string;
  /** One score per passage, higher is more relevant; only their order means anything. */
  score(query: string, passages: string[]): Promise<number[]>;
  dispose(): Promise<void>;
}

/** Pairs per model call: 30 passages of up to 512 tokens stay within a few tens of megabytes. */
const BATCH = 8;

export async function loadCrossEncoder(dir: string, id = path.basename(dir)): Promise<Reranker> {
  const root = path.resolve(dir);
  for (const file of ['config.json', 'tokenizer.json']) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`Reranker folder ${root} lacks ${file}`);
  }
  env.allowLocalModels = true;
  env.allowRemoteModels = false;
  try {
    const options = { local_files_only: true } as const;
    const tokenizer = await AutoTokenizer.from_pretrained(root, options);
    const model = await AutoModelForSequenceClassification.from_pretrained(root, { ...options, device: 'cpu', dtype: 'fp32' });
    return new CrossEncoder(id, root, tokenizer, model);
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
  ) {}

  async score(query: string, passages: string[]): Promise<number[]> {
    const out: number[] = [];
    for (let at = 0; at < passages.length; at += BATCH) {
      const batch = passages.slice(at, at + BATCH);
      try {
        const inputs = this.tokenizer(
          batch.map(() => query),
          { text_pair: batch, padding: true, truncation: true },
        );
        const { logits } = (await this.model(inputs)) as { logits: Tensor };
        const [rows, labels] = logits.dims as [number, number];
        // one label: its logit; two (not relevant, relevant): the second's
        const data = logits.data as Float32Array;
        for (let r = 0; r < rows; r++) out.push(data[r * labels + labels - 1]!);
      } catch (err) {
        throw new Error(`Reranking with ${this.dir} failed: ${(err as Error).message}`, { cause: err });
      }
    }
    return out;
  }

  async dispose(): Promise<void> {
    await this.model.dispose();
  }
}
