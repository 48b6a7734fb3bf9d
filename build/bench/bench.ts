// `npm run bench`: the figures users feel, in one run, on this machine.
//   cold start     cairn --help, lexical and hybrid search: a new process each, median/min/max of
//                  --runs (default 7), on the demo wiki and on SciFact as markdown pages
//   warm search    hybrid and lexical p50/p95 over 300 SciFact queries in one process (query
//                  embedding included), as a server or the app answers them
//   index          full and unchanged index of interconnected-10k (model none): pages/s, peak memory
//   semantic lane  building the adaptive model and embedding every chunk, with the build's phases,
//                  on interconnected-10k and on SciFact
// Everything runs the compiled CLI (built first if the sources are newer), as `npx cairn` does.
// Usage: npm run bench [-- --runs N] [--skip-model] [--store sqlite|postgres]
// --store postgres measures the same on a throwaway PostgreSQL cluster (bench-store.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCli } from '../cli/build.mjs';
import { modelsFolder, resolveSettings } from '../../electron/engine/config/settings.ts';
import { benchStore, storeKindOf } from './bench-store.ts';
import { Engine } from '../../electron/engine/engine.ts';
import { loadBeir } from '../../electron/engine/eval/beir.ts';
import { writeCorpusPages } from '../../electron/engine/eval/corpus-pages.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EVAL = path.resolve(ROOT, '../shared/eval');
const TEN_K = path.join(EVAL, 'wikis', 'interconnected-10k');
const SCIFACT = path.join(EVAL, 'scifact');
const args = process.argv.slice(2);
const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 7;
const skipModel = args.includes('--skip-model');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-'));
// a PostgreSQL index keeps its learned models in the data folder (config/settings.ts modelsFolder): the run's own
process.env.XDG_DATA_HOME = path.join(work, 'data');
const store = await benchStore(storeKindOf(args), work);
const env: NodeJS.ProcessEnv = { ...process.env, CAIRN_CONFIG: path.join(work, 'no-config.json'), CAIRN_BUILD_UI: '0' };
delete env.CAIRN_ROOTS;
delete env.CAIRN_DB;
delete env.CAIRN_MODEL;
delete env.CAIRN_FROM_SOURCE;

interface Run {
  ms: number;
  rss: number;
  out: string;
  err: string;
}

/** One cairn process, timed from spawn to exit, with its peak memory (build/bench/measure.mjs). */
function cairn(cmd: string[]): Run {
  const started = performance.now();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'build', 'bench', 'measure.mjs'), ...cmd], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`cairn ${cmd.join(' ')} exited with ${r.status}:\n${r.stderr}`);
  const rss = Number(/cairn-bench-rss (\d+)/.exec(r.stderr)?.[1] ?? 0);
  return { ms, rss, out: r.stdout, err: r.stderr };
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor((xs.length - 1) / 2)]!;
const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const row = (cells: string[]) => console.log(`| ${cells.join(' | ')} |`);

function cold(label: string, cmd: string[]): void {
  cairn(cmd); // warms the page cache, as a second run in a terminal would be
  const times = Array.from({ length: runs }, () => cairn(cmd));
  const ms = times.map((t) => t.ms);
  row([label, `${Math.round(median(ms))} ms`, `${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))} ms`, mb(median(times.map((t) => t.rss)))]);
}

function nodeBaseline(): number {
  const ms = Array.from({ length: runs }, () => {
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '']);
    return performance.now() - t;
  });
  return median(ms);
}

/** SciFact's corpus as one markdown page per abstract, as `cairn eval` writes it. */
function scifactPages(): { dir: string; queries: string[] } {
  const set = loadBeir({
    corpus: path.join(SCIFACT, 'corpus.jsonl'),
    queries: path.join(SCIFACT, 'queries-train.jsonl'),
    qrels: path.join(SCIFACT, 'qrels-train.tsv'),
  });
  const dir = path.join(work, 'scifact-pages');
  writeCorpusPages(set.docs, dir, set.corpusHash);
  return { dir, queries: set.queries.map((q) => q.text) };
}

/** The build's phases, from the card of the model the index uses (its folder beside the database). */
function adaptiveBuild(db: string): string {
  const models = modelsFolder(db);
  const dir = fs.existsSync(models)
    ? fs
        .readdirSync(models)
        .filter((d) => !d.endsWith('.partial'))
        .sort()
        .at(-1)
    : undefined;
  if (!dir) return 'no adaptive model was built';
  const card = JSON.parse(fs.readFileSync(path.join(models, dir, 'cairn-model.json'), 'utf8')) as {
    provenance: { params?: { buildMs?: number; timings?: Record<string, number> } };
  };
  const p = card.provenance.params ?? {};
  return `build ${((p.buildMs ?? 0) / 1000).toFixed(1)} s (${Object.entries(p.timings ?? {})
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
    .join(', ')})`;
}

/** A full index with the default model: page time, then model build + embedding (from cairn index --json). */
function indexWithModel(label: string, root: string, db: string, r = cairn(['index', '--json', '--db', db, root])): void {
  const report = JSON.parse(r.out) as { ms: number; semanticMs: number; embedded: number; model: string };
  console.log(
    `- ${label}: pages ${(report.ms / 1000).toFixed(1)} s, then the semantic lane ready in **${(report.semanticMs / 1000).toFixed(1)} s** (${report.embedded} chunks embedded, model ${report.model}); ${adaptiveBuild(db)}; peak ${mb(r.rss)}`,
  );
}

/** Builds the model in process on a copy of a model-less index, searching every 20 ms meanwhile, as a server would be asked. */
async function searchWhileBuilding(modelless: string, root: string, queries: string[]): Promise<void> {
  const db = await store.location('building');
  if (store.kind === 'sqlite') fs.copyFileSync(modelless, db);
  else cairn(['index', '--model', 'none', '--db', db, root]);
  const engine = Engine.open(resolveSettings({ roots: [root], db, env: { CAIRN_CONFIG: path.join(work, 'no-config.json') } }));
  try {
    let done = false;
    const ms: number[] = [];
    const run = engine.reindex().finally(() => (done = true));
    for (let i = 0; !done; i++) {
      const t = performance.now();
      await engine.search({ query: queries[i % queries.length]!, mode: 'lexical', k: 10, filters: {} });
      ms.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    const report = await run;
    console.log(
      `- searching while SciFact's model builds in the same process (${(report.semanticMs / 1000).toFixed(1)} s): ${ms.length} lexical searches, p50 ${pct(ms, 50).toFixed(1)} ms, max ${Math.max(...ms).toFixed(0)} ms`,
    );
  } finally {
    await engine.close();
  }
}

async function warm(db: string, queries: string[]): Promise<void> {
  const engine = Engine.open(resolveSettings({ roots: [], db, env: { CAIRN_CONFIG: path.join(work, 'no-config.json') } }));
  try {
    engine.keepVectorsInMemory();
    await engine.loadModel();
    for (const mode of ['hybrid', 'lexical'] as const) {
      const ms: number[] = [];
      for (const query of queries.slice(0, 300)) {
        const t = performance.now();
        await engine.search({ query, mode, k: 10, filters: {} });
        ms.push(performance.now() - t);
      }
      row([`warm ${mode} search, SciFact (300 queries, one process)`, `p50 ${pct(ms, 50).toFixed(1)} ms`, `p95 ${pct(ms, 95).toFixed(1)} ms`, '']);
    }
  } finally {
    await engine.close();
  }
}

try {
  if (!fs.existsSync(TEN_K) || !fs.existsSync(SCIFACT)) throw new Error(`npm run bench needs ${TEN_K} and ${SCIFACT}`);
  await ensureCli();
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `# cairn bench, ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(2)}\n`,
  );
  console.log(`${store.describe()}\n`);
  console.log(`node -e '' takes ${Math.round(nodeBaseline())} ms here (median of ${runs}).\n`);

  const demoDb = await store.location('demo');
  cairn(['index', '--db', demoDb]);
  const sci = scifactPages();
  const sciDb = await store.location('scifact');
  const sciIndexed = cairn(['index', '--json', '--db', sciDb, sci.dir]);

  console.log(`## Cold start (a new process each; median of ${runs})\n`);
  row(['command', 'median', 'min–max', 'peak memory']);
  row(['---', '---', '---', '---']);
  cold('`cairn --help`', ['--help']);
  cold('`cairn search --mode lexical`, demo wiki', ['search', 'fusion weights', '--mode', 'lexical', '--db', demoDb]);
  cold('`cairn search` (hybrid), demo wiki', ['search', 'fusion weights', '--db', demoDb]);
  cold('`cairn search --mode lexical`, SciFact', ['search', 'vitamin D deficiency and bone health', '--mode', 'lexical', '--db', sciDb]);
  cold('`cairn search` (hybrid), SciFact', ['search', 'vitamin D deficiency and bone health', '--db', sciDb]);
  console.log('');

  console.log('## Warm search\n');
  row(['', 'p50', 'p95', '']);
  row(['---', '---', '---', '---']);
  await warm(sciDb, sci.queries);
  console.log('');

  console.log('## Index (model none)\n');
  row(['wiki', 'full index', 'pages/s', 'peak memory', 'unchanged again']);
  row(['---', '---', '---', '---', '---']);
  const modelless: Record<string, string> = {};
  for (const [label, root] of [
    ['interconnected-10k', TEN_K],
    ['SciFact as pages', sci.dir],
  ] as const) {
    const db = (modelless[label] = await store.location(label));
    const full = cairn(['index', '--json', '--model', 'none', '--db', db, root]);
    const report = JSON.parse(full.out) as { ms: number; pages: number };
    const again = cairn(['index', '--json', '--model', 'none', '--db', db, root]);
    row([
      label,
      `${(report.ms / 1000).toFixed(2)} s`,
      String(Math.round(report.pages / (report.ms / 1000))),
      mb(full.rss),
      `${((JSON.parse(again.out) as { ms: number }).ms / 1000).toFixed(2)} s`,
    ]);
  }
  console.log('');

  if (!skipModel) {
    console.log('## The semantic lane: adaptive model build and embedding\n');
    indexWithModel('interconnected-10k', TEN_K, await store.location('interconnected-10k-model'));
    indexWithModel('SciFact', sci.dir, sciDb, sciIndexed);
    await searchWhileBuilding(modelless['SciFact as pages']!, sci.dir, sci.queries);
  }
} finally {
  store.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
