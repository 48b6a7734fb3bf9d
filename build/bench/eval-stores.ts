// `npm run bench:eval-stores`: retrieval quality on both stores, side by side. Runs `cairn eval`
// on SciFact train (../shared/eval/scifact) once with an SQLite index file and once with a fresh
// database on a throwaway PostgreSQL cluster (bench-store.ts), and prints nDCG@10, Recall@100 and
// latency per mode with the difference: the two stores' lexical lanes score BM25 each their own
// way (FTS5 against term counts kept in tables), so this is where a drift between them shows.
// Usage: npm run bench:eval-stores [-- --model none|adaptive] [--split all|tune|heldout]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCli } from '../cli/build.mjs';
import { benchStore, type BenchStoreKind } from './bench-store.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCIFACT = path.resolve(ROOT, '../shared/eval/scifact');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1]! : fallback);
const model = option('--model', 'adaptive');
const split = option('--split', 'all');

interface ModeFigures {
  ndcg10: number;
  recall100: number;
  p50_ms: number;
  p95_ms: number;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-eval-stores-'));
// each store learns its own adaptive model into the run's own data folder, never the user's
const env: NodeJS.ProcessEnv = { ...process.env, XDG_DATA_HOME: path.join(work, 'data'), CAIRN_CONFIG: path.join(work, 'no-config.json'), CAIRN_BUILD_UI: '0' };
for (const name of ['CAIRN_ROOTS', 'CAIRN_DB', 'CAIRN_MODEL', 'CAIRN_FROM_SOURCE']) delete env[name];

async function evaluate(kind: BenchStoreKind): Promise<Record<string, ModeFigures>> {
  const store = await benchStore(kind, work);
  try {
    const db = await store.location(`scifact_${kind}`);
    const cmd = [
      'eval',
      '--json',
      '--model',
      model,
      '--split',
      split,
      '--db',
      db,
      '--corpus',
      path.join(SCIFACT, 'corpus.jsonl'),
      '--queries',
      path.join(SCIFACT, 'queries-train.jsonl'),
      '--qrels',
      path.join(SCIFACT, 'qrels-train.tsv'),
    ];
    console.error(`${store.describe()}: cairn eval --model ${model} --split ${split} …`);
    const started = performance.now();
    const r = spawnSync(process.execPath, [path.join(ROOT, 'electron', 'cairn.mjs'), ...cmd], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.status !== 0) throw new Error(`cairn eval on ${kind} exited with ${r.status}:\n${r.stderr}`);
    console.error(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s (index, model, the queries of every mode)`);
    return (JSON.parse(r.stdout) as { modes: Record<string, ModeFigures> }).modes;
  } finally {
    store.stop();
  }
}

try {
  if (!fs.existsSync(SCIFACT)) throw new Error(`no SciFact at ${SCIFACT}`);
  await ensureCli();
  const sqlite = await evaluate('sqlite');
  const postgres = await evaluate('postgres');
  console.log(`\nSciFact train (${split}), model ${model}: nDCG@10 / Recall@100 / p50 ms per store\n`);
  console.log('| mode | SQLite | PostgreSQL | nDCG@10 difference |');
  console.log('| --- | --- | --- | --- |');
  const cell = (f: ModeFigures) => `${f.ndcg10.toFixed(4)} / ${f.recall100.toFixed(3)} / ${f.p50_ms.toFixed(1)} ms`;
  for (const mode of Object.keys(sqlite)) {
    const a = sqlite[mode]!;
    const b = postgres[mode]!;
    const diff = b.ndcg10 - a.ndcg10;
    console.log(`| ${mode} | ${cell(a)} | ${cell(b)} | ${diff >= 0 ? '+' : ''}${diff.toFixed(4)} |`);
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
