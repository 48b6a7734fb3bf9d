// The plain-JS static embedder against transformers.js + onnxruntime running the same folder's
// ONNX graph: on the shipped GloVe model and on a small table in every storage, the vectors must
// be the same (cosine ≥ 0.99999), unknown words must give zeros, and a text longer than the
// model's length must be cut where transformers.js cuts it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHIPPED_MODEL } from '../config/settings.ts';
import { readModelCard, type Embedder, type ModelCard } from './embedder.ts';
import { loadLocalModel } from './local-model.ts';
import { loadModelDir } from './load-model.ts';
import { writeStaticModel } from './static-onnx.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-static-js-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const TEXTS = [
  'OAuth token refresh fails after the hub rotates its signing key',
  'Reciprocal rank fusion: Σ weight / (k + rank), k = 60; ties break by lanes matched.',
  'Café naïve RÉSUMÉ — accents, CAPITALS and punctuation!!! (brackets) [x] {y}',
  'sqlite-vec needs BigInt rowids; 5,183 abstracts; e-mail foo@example.org',
  '日本語のテキスト and some 中文 words mixed in',
  'zzqxv qqwrt nonwords only',
  '',
];

function cardFor(name: string): Omit<ModelCard, 'dim' | 'pooling' | 'kind'> {
  return {
    id: `test/${name}`,
    provenance: { source: 'static-model.test.ts', builtBy: 'vitest', builtAt: new Date().toISOString() },
    licence: { name: 'MIT', files: [] },
    defaults: { fusion: 'convex', weights: { lexical: 1, semantic: 0.3, token: 0.1, graph: 0.3 }, rrfK: 60 },
    measured: [],
  };
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 && nb === 0 ? 1 : dot / Math.sqrt(na * nb);
}

async function compare(dir: string, texts: string[]): Promise<number[]> {
  const js: Embedder = await loadModelDir(dir);
  const onnx = await loadLocalModel(dir);
  try {
    expect(js.constructor.name).toBe('StaticModel');
    const [a, b] = [await js.embed(texts), await onnx.embed(texts)];
    const q = [await js.embedQuery(texts[0]!), await onnx.embedQuery(texts[0]!)];
    expect(cosine(q[0]!, q[1]!)).toBeGreaterThan(0.99999);
    return texts.map((_, i) => cosine(a[i]!, b[i]!));
  } finally {
    await js.dispose();
    await onnx.dispose();
  }
}

describe('the plain-JS static embedder', () => {
  it('gives the shipped GloVe model the vectors transformers.js gives it', async () => {
    const sims = await compare(SHIPPED_MODEL, TEXTS);
    for (const s of sims) expect(s).toBeGreaterThan(0.99999);
    // only unknown words: a zero vector, as from the graph
    const js = await loadModelDir(SHIPPED_MODEL);
    const [none] = await js.embed(['zzqxv qqwrt']);
    expect(Array.from(none!).every((x) => x === 0)).toBe(true);
  });

  it('cuts a vocabulary with ## pieces as WordPiece does', async () => {
    const dir = path.join(tmp, 'pieces');
    const vocab = ['walk', 'talk', '##ing', '##ed', '##s'];
    writeStaticModel(
      dir,
      { vocab, dim: 2, vectors: new Float32Array([1, 0, 0, 1, 0.5, 0.5, -1, 1, 0.2, -0.3]), weights: new Float32Array([1, 1, 0.5, 2, 1]) },
      { storage: 'fp32', card: cardFor('pieces') },
    );
    for (const s of await compare(dir, ['walking talked', 'walks talks and talking', 'unknown'])) expect(s).toBeGreaterThan(0.99999);
  });

  for (const storage of ['fp32', 'fp16', 'int8'] as const) {
    it(`reads a ${storage} table and truncates a long text where transformers.js does`, async () => {
      const card = cardFor(storage);
      const dir = path.join(tmp, storage);
      const vocab = ['alpha', 'beta', 'gamma', 'delta'];
      const vectors = new Float32Array([1, 0, 0.5, 0, 1, -0.5, 0.2, 0.3, 0.9, -1, 0.4, 0.1]);
      writeStaticModel(dir, { vocab, dim: 3, vectors, weights: new Float32Array([1, 2, 0.5, 1.5]) }, { storage, card, maxTokens: 16 });
      expect(readModelCard(dir)!.kind).toBe('static');
      // transformers.js cuts [CLS] + 15 words to 16 tokens (dropping [SEP]): the deltas after them must not count
      const long = `${'alpha '.repeat(15)}${'delta '.repeat(40)}`;
      for (const s of await compare(dir, ['alpha beta', 'Gamma, DELTA! alpha?', 'beta beta omega', long])) expect(s).toBeGreaterThan(0.99999);
      const js = await loadModelDir(dir);
      const [cut, alphaOnly] = await js.embed([long, 'alpha']);
      expect(cosine(cut!, alphaOnly!)).toBeGreaterThan(0.99999);
    });
  }
});
