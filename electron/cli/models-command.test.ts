// `cairn models` in a child process against a hub mirror on loopback (a tiny model the test
// makes): pulled with progress into the cache the settings name, then used by `cairn eval` through
// `--model hub:…`, which proves the path from download to the semantic lane (not the model's quality).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHubMirror, type HubMirror } from '../engine/testing/hub-mirror.ts';
import { writeTinyHubModel } from '../engine/testing/tiny-model.ts';
import { writeTinyReranker } from '../engine/testing/tiny-reranker.ts';

const CLI = path.resolve(import.meta.dirname, '../cairn.mjs');
const ID = 'tests/tiny-embedder';
const RERANKER = 'tests/tiny-reranker';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-models-'));
let mirror: HubMirror;

beforeAll(async () => {
  writeTinyHubModel(path.join(dir, 'source'));
  writeTinyReranker(path.join(dir, 'reranker-source'), 'stone');
  mirror = await startHubMirror({ [ID]: path.join(dir, 'source'), [RERANKER]: path.join(dir, 'reranker-source') });
});
afterAll(async () => {
  await mirror.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The real command, without blocking this process: the mirror answers from here. */
async function cairn(args: string[], extra: Record<string, string> = {}) {
  const env = { ...process.env, CAIRN_CONFIG: path.join(dir, 'config.json'), XDG_CACHE_HOME: path.join(dir, 'cache'), HF_ENDPOINT: mirror.endpoint, ...extra };
  try {
    const r = await promisify(execFile)(process.execPath, [CLI, ...args], { env, encoding: 'utf8' });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

/** A three-document collection in BEIR's format, in the tiny model's words. */
function tinyBeir(): { corpus: string; queries: string; qrels: string } {
  const docs = [
    { _id: 'd1', title: 'Cats', text: 'cat cat dog' },
    { _id: 'd2', title: 'Rivers', text: 'river stone fish' },
    { _id: 'd3', title: 'Sky', text: 'cloud bird tree' },
  ];
  const files = { corpus: path.join(dir, 'corpus.jsonl'), queries: path.join(dir, 'queries.jsonl'), qrels: path.join(dir, 'qrels.tsv') };
  fs.writeFileSync(files.corpus, docs.map((d) => JSON.stringify(d)).join('\n') + '\n');
  fs.writeFileSync(
    files.queries,
    [
      { _id: 'q1', text: 'fish in the river' },
      { _id: 'q2', text: 'a bird in a cloud' },
    ]
      .map((q) => JSON.stringify(q))
      .join('\n') + '\n',
  );
  fs.writeFileSync(files.qrels, 'query-id\tcorpus-id\tscore\nq1\td2\t1\nq2\td3\t1\n');
  return files;
}

describe('cairn models', () => {
  it('lists the recommended models, none downloaded yet', async () => {
    const r = await cairn(['models', '--json']);
    expect(r.code).toBe(0);
    const listed = JSON.parse(r.out) as { models: { id: string; downloaded: boolean }[] };
    expect(listed.models.map((m) => m.id)).toContain('Xenova/bge-small-en-v1.5');
    expect(listed.models.every((m) => !m.downloaded)).toBe(true);
  });

  it('pulls a model from HF_ENDPOINT with progress, and cairn eval searches with it', async () => {
    const pulled = await cairn(['models', 'pull', ID]);
    expect(pulled.err).toContain(`downloading ${ID} from ${mirror.endpoint}`);
    expect(pulled.err).toMatch(/100% of 0\.\d MB/);
    expect(pulled.code).toBe(0);
    expect(pulled.out).toContain(`use it with --model hub:${ID}`);

    const beir = tinyBeir();
    const r = await cairn([
      'eval',
      '--corpus',
      beir.corpus,
      '--queries',
      beir.queries,
      '--qrels',
      beir.qrels,
      '--model',
      `hub:${ID}`,
      '--db',
      path.join(dir, 'eval.db'),
      '--json',
    ]);
    expect(r.code).toBe(0);
    const figures = JSON.parse(r.out) as { model: string; modes: Record<string, { ndcg10: number; laneProblem: string | null }> };
    expect(figures.model).toBe(ID);
    expect(figures.modes.semantic).toMatchObject({ laneProblem: null });
    expect(figures.modes.semantic!.ndcg10).toBeGreaterThan(0);
  });

  it('moves an index to the pulled model and back, keeping the choice in the config file', async () => {
    const wiki = path.join(dir, 'wiki');
    fs.mkdirSync(wiki, { recursive: true });
    fs.writeFileSync(path.join(wiki, 'pets.md'), '# Pets\n\nA cat, a dog and a fish in the river.\n');
    const on = { CAIRN_ROOTS: wiki, CAIRN_DB: path.join(dir, 'wiki.db') };
    const used = await cairn(['models', 'use', `hub:${ID}`], on);
    expect(used.err).toMatch(/embed \d+\/\d+/);
    expect(used.code).toBe(0);
    expect(used.out).toMatch(new RegExp(`^${ID} serves 1 vectors \\(1 embedded, the rest from the cache\\); before it: adaptive`));
    const config = () => JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as Record<string, string>;
    expect(config()).toEqual({ model: `hub:${ID}`, previousModel: 'adaptive' });
    const search = await cairn(['search', 'fish', '--mode', 'semantic', '--json'], on);
    expect((JSON.parse(search.out) as { model: string }).model).toBe(ID);

    const back = await cairn(['models', 'rollback'], on);
    expect(back.code).toBe(0);
    expect(back.out).toMatch(new RegExp(`before it: hub:${ID}`));
    expect(config()).toEqual({ model: 'adaptive', previousModel: `hub:${ID}` });
  });

  it('pulls a reranker, and cairn search orders its results with it', async () => {
    const pulled = await cairn(['models', 'pull', RERANKER]);
    expect(pulled.code).toBe(0);
    expect(pulled.out).toContain(`use it with --reranker hub:${RERANKER}`);
    const wiki = path.join(dir, 'stones');
    fs.mkdirSync(wiki, { recursive: true });
    fs.writeFileSync(path.join(wiki, 'rivers.md'), '# Rivers\n\nThe river, the river, the river bends.\n');
    fs.writeFileSync(path.join(wiki, 'quarry.md'), '# Quarry\n\nA stone, a stone and a stone by the river.\n');
    const on = { CAIRN_ROOTS: wiki, CAIRN_DB: path.join(dir, 'stones.db') };
    const r = await cairn(['search', 'river stone', '--reranker', `hub:${RERANKER}`, '--json'], on);
    expect(r.code).toBe(0);
    const answer = JSON.parse(r.out) as { rerank: { model: string; state: string }; results: { key: string; rerank: { fusedRank: number } }[] };
    expect(answer.rerank).toMatchObject({ model: RERANKER, state: 'ok' });
    expect(answer.results.map((x) => x.key)).toEqual(['quarry', 'rivers']);
    expect(answer.results.every((x) => x.rerank.fusedRank >= 1)).toBe(true);
    const text = await cairn(['search', 'river stone', '--reranker', `hub:${RERANKER}`], on);
    expect(text.out).toContain(`reranker ${RERANKER}: ordered the fused top 2`);
    // a model that cannot be loaded: the fused order, the reason, and the command ends (its thread does not hold it)
    const broken = path.join(dir, 'broken-reranker');
    fs.cpSync(path.join(dir, 'reranker-source'), broken, { recursive: true });
    fs.writeFileSync(path.join(broken, 'onnx', 'model.onnx'), 'not a model');
    const failed = await cairn(['search', 'river stone', '--reranker', broken, '--json'], on);
    expect(failed.code).toBe(0);
    expect((JSON.parse(failed.out) as { rerank: { state: string } }).rerank.state).toBe('failed');
  });

  it('says what is wrong with a model the mirror does not have, and exits non-zero', async () => {
    const r = await cairn(['models', 'pull', 'tests/missing']);
    expect(r.code).not.toBe(0);
    expect(r.err).toMatch(/answered 404: no model tests\/missing there/);
  });
});
