// One write at a time to an indexed wiki, through the engine's write path (validate, write the file,
// index that page, relink, concepts): what an agent's single write costs, without the queueing of
// bench:agents. Four kinds, each timed N times in a row: a new page with a new key (as bench:agents
// writes them), the same pages written again with their names unchanged, a new page keyed by a
// word many pages use (it becomes a concept they mention), and an existing page's body rewritten.
// With --git-wiki the wiki is instead 200 generated pages in a git repository, each citing code files
// (and some another page) in `sources` (git-wiki.ts): what staleness and git cost a write.
// The worst event-loop delay over each kind's writes (and the background matching of other pages'
// mentions they leave, ingest/mention-drain.ts) is printed beside its times, and for writes that
// leave such matching, its lag: from the write's answer to the mentions being complete.
// Usage: npx tsx build/bench/write-speed.ts [ROOT | --git-wiki] [--writes 20] [--store sqlite|postgres]
// (default: interconnected-10k on SQLite; --store postgres: a throwaway cluster, bench-store.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { resolveSettings } from '../../electron/engine/config/settings.ts';
import { Engine } from '../../electron/engine/engine.ts';
import { makeGitWiki } from './git-wiki.ts';
import { benchStore, storeKindOf } from './bench-store.ts';

const args = process.argv.slice(2);
const gitWiki = args.includes('--git-wiki');
const source = path.resolve(args[0] && !args[0].startsWith('--') ? args[0] : path.join(import.meta.dirname, '../../../shared/eval/wikis/interconnected-10k'));
const n = Number(args.includes('--writes') ? args[args.indexOf('--writes') + 1] : 20);
if (!gitWiki && !fs.existsSync(source)) {
  console.error(`bench: ${source} does not exist; pass a folder of markdown`);
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-writes-'));
const wiki = gitWiki ? makeGitWiki(path.join(dir, 'repo')).wiki : path.join(dir, 'wiki');
if (!gitWiki) fs.cpSync(source, wiki, { recursive: true });
const store = await benchStore(storeKindOf(args), dir);
const engine = Engine.open(
  resolveSettings({ roots: [wiki], db: await store.location('bench'), model: 'none', env: { CAIRN_CONFIG: path.join(dir, 'none.json') } }),
);

/** The wiki's markdown files, root-relative, in a stable order. */
function pageFiles(): string[] {
  return fs
    .readdirSync(wiki, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .sort();
}

/** The words of five letters or more that most pages use, which no page is named after. */
function commonWords(count: number): string[] {
  const files = pageFiles();
  const keys = new Set(files.map((f) => path.basename(f, '.md').toLowerCase()));
  const pages = new Map<string, number>();
  for (const f of files.slice(0, 2000)) {
    for (const w of new Set(
      fs
        .readFileSync(path.join(wiki, f), 'utf8')
        .toLowerCase()
        .match(/[a-z]{5,}/g) ?? [],
    ))
      pages.set(w, (pages.get(w) ?? 0) + 1);
  }
  return [...pages]
    .filter(([w]) => !keys.has(w))
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([w]) => w);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function timed(label: string, write: (i: number) => { key: string; body: string; frontmatter?: Record<string, unknown> }): Promise<void> {
  const ms: number[] = [];
  const lags: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await engine.writePage({ actor: 'bench', ...write(i) });
    const answered = performance.now();
    ms.push(answered - t);
    // the write's mentions are complete once the drain it started (joined by later writes) is done
    if ((await engine.store.concepts.pendingRematch()).length) void engine.drainMentions().then(() => lags.push(performance.now() - answered));
  }
  const left = performance.now();
  await engine.drainMentions();
  const tail = performance.now() - left;
  loop.disable();
  const worst = loop.max / 1e6;
  const lag = lags.length
    ? `  lag p50 ${pct(lags, 50).toFixed(0).padStart(5)} ms  max ${Math.max(...lags)
        .toFixed(0)
        .padStart(5)} ms (${lags.length} left work; done ${tail.toFixed(0)} ms after the last)`
    : '';
  console.log(
    `${label.padEnd(48)} p50 ${pct(ms, 50).toFixed(1).padStart(7)} ms  p95 ${pct(ms, 95).toFixed(1).padStart(7)} ms  min ${Math.min(...ms)
      .toFixed(1)
      .padStart(7)} ms  worst loop delay ${worst.toFixed(0).padStart(5)} ms${lag}`,
  );
}

/** One page keyed by a common word, written with nothing else going on: how long until the other pages' mentions of it are complete. */
async function aloneLag(word: string): Promise<void> {
  const t = performance.now();
  await engine.writePage({ actor: 'bench', key: word, body: '# Alone\n\nSome text.\n' });
  const answered = performance.now();
  await engine.drainMentions();
  const mentions = (await engine.concepts({ query: word, limit: 50 })).concepts.find((c) => c.variants.includes(word))?.mentions ?? 0;
  console.log(
    `one page keyed by "${word}", alone: answered in ${(answered - t).toFixed(1)} ms; the other pages' mentions (${mentions}) complete ${(performance.now() - answered).toFixed(0)} ms after`,
  );
}

try {
  const t = performance.now();
  const indexed = await engine.reindex();
  console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown cpu'}, Node ${process.version}; ${store.describe()}`);
  console.log(
    `root: ${gitWiki ? `${wiki} (generated, under git)` : source}: ${indexed.pages} pages indexed in ${((performance.now() - t) / 1000).toFixed(1)} s; ${n} writes of each kind`,
  );
  const words = commonWords(n + 1);
  // pages named once in the wiki, so each key is the page whose file we picked
  const counts = new Map<string, number>();
  for (const f of pageFiles()) counts.set(path.basename(f, '.md'), (counts.get(path.basename(f, '.md')) ?? 0) + 1);
  const existing = [...counts]
    .filter(([, c]) => c === 1)
    .slice(0, n)
    .map(([key]) => key);
  await timed('new page, new key (as bench:agents writes)', (i) => ({
    key: `load-w0-${i}`,
    frontmatter: { title: `Load 0.${i}` },
    body: `# Load 0.${i}\n\nWritten under load: zq0x${i}mark.\n`,
  }));
  await timed('the same pages again, names unchanged', (i) => ({
    key: `load-w0-${i}`,
    frontmatter: { title: `Load 0.${i}` },
    body: `# Load 0.${i}\n\nWritten again: zq0x${i}mark.\n`,
  }));
  await timed('new page keyed by a word many pages use', (i) => ({
    key: words[i]!,
    body: `# Note ${i}\n\nSome text.\n`,
  }));
  await timed("an existing page's body rewritten", (i) => ({
    key: existing[i % existing.length]!,
    body: `# ${existing[i % existing.length]}\n\nRewritten ${i}, about time and people.\n`,
  }));
  await aloneLag(words[n]!);
} finally {
  await engine.close();
  store.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
