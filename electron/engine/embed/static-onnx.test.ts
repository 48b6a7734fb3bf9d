// Round trip through the real loader: a table written by static-onnx.ts must come back out of
// transformers.js + onnxruntime as the normalised weighted average of its rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AutoTokenizer } from '@huggingface/transformers';
import { afterAll, describe, expect, it } from 'vitest';
import { splitWords } from './bert-words.ts';
import type { ModelCard } from './embedder.ts';
import { loadLocalModel } from './local-model.ts';
import { readStaticModel, writeStaticModel, type TableStorage } from './static-onnx.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-static-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const card: Omit<ModelCard, 'dim' | 'pooling' | 'kind'> = {
  id: 'test/tiny',
  provenance: { source: 'static-onnx.test.ts', builtBy: 'vitest', builtAt: new Date().toISOString() },
  licence: { name: 'MIT', files: [] },
  defaults: { fusion: 'convex', weights: { lexical: 1, semantic: 0.3, token: 0.1, graph: 0.3 }, rrfK: 60 },
  measured: [],
};

const vocab = ['cat', 'dog', 'fish', 'bird', 'tree'];
const dim = 4;
// prettier-ignore
const vectors = new Float32Array([
  1, 0, 0, 0.5,
  0, 1, 0, -0.25,
  0, 0, 1, 0,
  0.3, -0.7, 0.2, 0.9,
  -1, 0.5, 0.5, 0.1,
]);
const weights = new Float32Array([1, 2, 0.5, 1.5, 0.25]);

/** What the model must output: Σ weight·row over known words, L2-normalised. */
function expected(words: string[]): number[] {
  const sum = new Array<number>(dim).fill(0);
  for (const w of words) {
    const i = vocab.indexOf(w);
    if (i < 0) continue;
    for (let c = 0; c < dim; c++) sum[c]! += weights[i]! * vectors[i * dim + c]!;
  }
  const norm = Math.hypot(...sum);
  return norm === 0 ? sum : sum.map((x) => x / norm);
}

const texts = ['Cat dog', 'the fish, the TREE and a bird!', 'dog dog cat zebra', 'tree', 'unknown words only', ''];
const tolerance: Record<TableStorage, number> = { fp32: 1e-6, fp16: 2e-3, int8: 2e-2 };

describe('static ONNX model', () => {
  for (const storage of ['fp32', 'fp16', 'int8'] as const) {
    it(`loads through local-model.ts and returns weighted averages (${storage})`, async () => {
      const dir = path.join(tmp, storage);
      writeStaticModel(dir, { vocab, dim, vectors, weights }, { storage, card });
      // Small batches by count and by characters: results must still come back in input order.
      const model = await loadLocalModel(dir, { batchSize: 4, batchChars: 40 });
      try {
        expect(model.info).toMatchObject({ id: 'test/tiny', dim, pooling: 'mean', kind: 'static', dir });
        const got = await model.embed(texts);
        expect(got).toHaveLength(texts.length);
        texts.forEach((t, i) => {
          const want = expected(splitWords(t));
          for (let c = 0; c < dim; c++) expect(Math.abs(got[i]![c]! - want[c]!)).toBeLessThan(tolerance[storage]);
        });
      } finally {
        await model.dispose();
      }
    });
  }

  it('reads back the table it wrote', () => {
    const dir = path.join(tmp, 'fp32');
    const table = readStaticModel(dir);
    expect(table.vocab).toEqual(vocab);
    expect(table.dim).toBe(dim);
    expect(Array.from(table.vectors)).toEqual(Array.from(vectors));
    expect(Array.from(table.weights!)).toEqual(Array.from(weights));
    const q = readStaticModel(path.join(tmp, 'int8'));
    q.vectors.forEach((x, i) => expect(Math.abs(x - vectors[i]!)).toBeLessThan(0.01));
  });

  it('serves a repeated query from the cache', async () => {
    const model = await loadLocalModel(path.join(tmp, 'fp32'), { queryCacheSize: 4 });
    try {
      const first = await model.embedQuery('cat and dog');
      expect(await model.embedQuery('cat and dog')).toBe(first);
      expect(Array.from(first).map((x, c) => Math.abs(x - expected(['cat', 'dog'])[c]!) < 1e-6)).toEqual([true, true, true, true]);
    } finally {
      await model.dispose();
    }
  });

  it('cuts words exactly where the shipped tokenizer does', async () => {
    const awkward =
      'Héllo, WORLD! co-occurrence 3.5% naïve café (IL-6) β-cell 中文字 x\u200bz tab\there\nnew ' +
      "don't Ünïcödé—dash “quotes” e.g. α2β TNF-α/NF-κB 10^-3 ﬁne";
    const words = splitWords(awkward);
    const dir = path.join(tmp, 'awkward');
    const unique = [...new Set(words)];
    writeStaticModel(dir, { vocab: unique, dim: 1, vectors: new Float32Array(unique.length) }, { storage: 'fp32', card });
    const tokenizer = await AutoTokenizer.from_pretrained(dir, { local_files_only: true });
    expect(tokenizer.tokenize(awkward)).toEqual(words);
  });

  it('names the folder when a model cannot be loaded', async () => {
    const missing = path.join(tmp, 'nope');
    await expect(loadLocalModel(missing)).rejects.toThrow(missing);
    const broken = path.join(tmp, 'broken');
    fs.cpSync(path.join(tmp, 'fp32'), broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'onnx', 'model.onnx'), 'not a model');
    await expect(loadLocalModel(broken)).rejects.toThrow(`Cannot load embedding model from ${broken}`);
    fs.rmSync(path.join(broken, 'tokenizer.json'));
    await expect(loadLocalModel(broken)).rejects.toThrow(/lacks tokenizer.json/);
  });
});
