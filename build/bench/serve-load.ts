// Search latency of `cairn serve` idle and while the watcher re-indexes: 8 searchers in parallel,
// first with nothing changing, then while one page changes every 0.25 s. Loopback only, a fixed
// number of searches, stops by itself. The wiki is copied to a temporary folder (it is edited).
// Usage: npm run bench:serve [-- ROOT] [--model none|adaptive|DIR] [--mode hybrid|lexical|...] [--searches N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, cairnEnv, runCairn, startServe, waitForIdle, waitForWatcher } from '../../electron/engine/testing/cairn-process.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const source = path.resolve(args[0] && !args[0].startsWith('--') ? args[0] : path.join(import.meta.dirname, '../../../shared/eval/wikis/interconnected-10k'));
const model = option('model', 'none');
const mode = option('mode', 'hybrid');
const perSearcher = Number(option('searches', '60'));
const SEARCHERS = 8;
const EDIT_EVERY_MS = 250;

if (!fs.existsSync(source)) {
  console.error(`bench: ${source} does not exist; pass a folder of markdown`);
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-serve-'));
const wiki = path.join(dir, 'wiki');
fs.cpSync(source, wiki, { recursive: true });
const db = path.join(dir, 'bench.db');
const env = cairnEnv(dir, { CAIRN_MODEL: model });

/** Query words: a sample of the words of page names (so each query matches something). */
const names = fs.readdirSync(wiki).filter((f) => f.endsWith('.md'));
const words = [...new Set(names.flatMap((n) => n.replace(/\.md$/, '').toLowerCase().split(/\s+/)))];
const query = (i: number) => `${words[(i * 7919) % words.length]} ${words[(i * 104729) % words.length]}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function searchLoad(url: string, offset: number): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: SEARCHERS }, async (_, s) => {
      for (let i = 0; i < perSearcher; i++) {
        const t0 = performance.now();
        const r = await api(url, 'search', { query: query(offset + s * perSearcher + i), mode, k: 10 });
        if (r.status !== 200) throw new Error(`search answered ${r.status}: ${JSON.stringify(r.body)}`);
        times.push(performance.now() - t0);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const fmt = (t: number[]) =>
  `p50 ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms, max ${t.at(-1)!.toFixed(1)} ms (${t.length} searches)`;

try {
  const started = performance.now();
  const indexed = await runCairn(['index', '--db', db, wiki], env);
  if (indexed.code !== 0) throw new Error(`cairn index failed:\n${indexed.err}`);
  const indexSeconds = (performance.now() - started) / 1000;
  const server = await startServe(['--db', db, wiki], env);
  try {
    await waitForIdle(server.url);
    await waitForWatcher(server);
    await searchLoad(server.url, 10_000); // warm the page cache and the model
    const idle = await searchLoad(server.url, 0);

    let edits = 0;
    const editor = setInterval(() => {
      fs.appendFileSync(
        path.join(wiki, names[edits % names.length]!),
        `\nEdited ${edits}: see [[${names[(edits * 31) % names.length]!.replace(/\.md$/, '')}]].\n`,
      );
      edits++;
    }, EDIT_EVERY_MS);
    const runsBefore = (await api<{ lastRun: { finishedAt: string } }>(server.url, 'status')).body.lastRun.finishedAt;
    const loaded = await searchLoad(server.url, 5_000);
    clearInterval(editor);
    const status = (await api<{ lastRun: { finishedAt: string; ms: number; indexed: number } }>(server.url, 'status')).body;

    const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
    console.log(
      `machine: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `wiki: ${source} (${names.length} pages), model ${model}, mode ${mode}, ${SEARCHERS} searchers in parallel; index built in ${indexSeconds.toFixed(1)} s`,
    );
    console.log(`idle:                    ${fmt(idle)}`);
    console.log(`one page edited / 0.25 s: ${fmt(loaded)}`);
    console.log(
      `  ${edits} edits; watcher runs kept up: last run ${status.lastRun.finishedAt > runsBefore ? `finished during the load, ${status.lastRun.ms} ms, ${status.lastRun.indexed} files read` : 'did not finish during the load'}`,
    );
    console.log(`p95 under load / idle: ${(percentile(loaded, 95) / percentile(idle, 95)).toFixed(2)}x`);
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
