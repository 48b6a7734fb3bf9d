// Many agents at once on one store, measured as issues 19 and 30 ask. `cairn serve` (one, or
// --servers N on the same database and folder, each agent with its own token, the agents spread
// over the servers in turn), loopback only, in two phases:
//   alone:   8 HTTP searchers, nothing else (the search latency a quiet wiki gives);
//   writers: the same 8 searchers beside 8 HTTP writers (--writers N) and one `cairn mcp` process
//            writing through its own engine to the same database and roots.
// Per phase: requests/s, p50/p95 per kind, errors, and the worst event-loop delay of the server
// process (CAIRN_LOOP_DELAY=1: it reports on SIGUSR2, see electron/server/loop-delay.ts). Then every
// acknowledged write is checked: on disk with the hash it was acknowledged with, and in the index.
// The server must exit by itself on SIGTERM: one that does not is a problem, killed and reported.
// Runs on the demo wiki, a folder given, or (--foam) a git vault of about 200 pages with `sources`
// made from foam-docs in a temp folder (agents-vault.ts).
// Usage: npm run bench:agents [-- ROOT | --foam [PATH]] [--seconds 60] [--alone-seconds 20]
//        [--max-requests 200000] [--mcp 1] [--model none|adaptive] [--store sqlite|postgres]
//        [--servers 1] [--writers 8]
// --store postgres runs the same on a throwaway PostgreSQL cluster (bench-store.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WIKI } from '../../electron/engine/config/settings.ts';
import { percentile } from '../../electron/engine/eval/metrics.ts';
import { api, cairnEnv, runCairn, startServe, type Served } from '../../electron/engine/testing/cairn-process.ts';
import { FOAM_DOCS, makeFoamVault } from './agents-vault.ts';
import { benchStore, storeKindOf } from './bench-store.ts';
import { checkAcknowledged, http, mcpWriter, searcher, writer, type Ack, type Phase } from './agents-work.ts';

const args = process.argv.slice(2);
const given = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: string) => {
  const v = given(name) ? args[args.indexOf(`--${name}`) + 1] : undefined;
  return v && !v.startsWith('--') ? v : fallback;
};
const seconds = Number(option('seconds', '60'));
const aloneSeconds = Number(option('alone-seconds', '20'));
const maxRequests = Number(option('max-requests', '200000'));
const mcpWriters = Number(option('mcp', '1'));
const model = option('model', 'none');
const WRITERS = Number(option('writers', '8'));
const SERVERS = Number(option('servers', '1'));
const SEARCHERS = 8;
/** How long the server may take to exit after SIGTERM before it counts as hanging. */
const EXIT_WAIT_MS = 20_000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-agents-'));
const foam = given('foam') ? path.resolve(option('foam', FOAM_DOCS)) : null;
const source = foam ?? path.resolve(args[0] && !args[0].startsWith('--') ? args[0] : DEMO_WIKI);
const wiki = foam ? makeFoamVault(foam, path.join(dir, 'vault')) : path.join(dir, 'wiki');
if (!foam) fs.cpSync(source, wiki, { recursive: true });
const store = await benchStore(storeKindOf(args), dir);
const db = await store.location('bench');
const token = (who: string) => `token-of-${who}-${'x'.repeat(24)}`;
const agents = [...Array.from({ length: WRITERS }, (_, i) => `writer${i}`), ...Array.from({ length: SEARCHERS }, (_, i) => `searcher${i}`)];
const env = cairnEnv(dir, {
  XDG_DATA_HOME: path.join(dir, 'data'),
  CAIRN_MODEL: model,
  CAIRN_LOOP_DELAY: '1',
  CAIRN_DEBUG: '1',
  CAIRN_TOKENS: agents.map((a) => `${token(a)}=${a}`).join(','),
});
const pageFiles = () =>
  fs
    .readdirSync(wiki, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'));

function phase(name: string, secs: number): Phase {
  const deadline = Date.now() + secs * 1000;
  const p: Phase = { name, times: {}, errors: {}, requests: 0, seconds: 0, going: () => Date.now() < deadline && p.requests < maxRequests, token };
  return p;
}

async function run(p: Phase, work: Promise<void>[]): Promise<void> {
  const started = performance.now();
  await Promise.all(work);
  p.seconds = (performance.now() - started) / 1000;
}

/** Until the server's own first run (nothing changed since `cairn index`) has finished. */
async function waitForIdle(server: Served): Promise<void> {
  const auth = { authorization: `Bearer ${token('searcher0')}` };
  for (;;) {
    const status = await api<{ indexing: unknown; lastRun: unknown }>(server.url, 'status', {}, auth);
    if (status.status !== 200) throw new Error(`status answered ${status.status}: ${JSON.stringify(status.body)}`);
    if (!status.body.indexing && status.body.lastRun) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Asks the server for its event-loop delay since the last ask (SIGUSR2) and waits for the line. */
async function loopDelay(server: Served): Promise<string> {
  const lines = () => server.stderr().match(/event loop delay \(since the last report\): [^\n]*/g) ?? [];
  const before = lines().length;
  server.proc.kill('SIGUSR2');
  for (let waited = 0; lines().length === before; waited += 20) {
    if (waited > 10_000) throw new Error(`cairn serve wrote no event loop delay 10 s after SIGUSR2 (is CAIRN_LOOP_DELAY=1 reaching it?)`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return lines()
    .at(-1)!
    .replace(/^event loop delay \(since the last report\): /, '');
}

/** Each server's event-loop delay since the last ask, one line per server when there are several. */
async function loopDelays(servers: Served[]): Promise<string> {
  const lines = await Promise.all(servers.map(loopDelay));
  return lines.length === 1 ? lines[0]! : lines.map((l, i) => `\n    server ${i + 1}: ${l}`).join('');
}

/** SIGTERM, then at most EXIT_WAIT_MS for the exit; a server still running then is killed and named. */
async function stopServer(server: Served): Promise<string | null> {
  const exited = server.stop();
  const late = await Promise.race([exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), EXIT_WAIT_MS).unref())]);
  if (!late) return null;
  server.proc.kill('SIGKILL');
  await exited;
  return `cairn serve had not exited ${EXIT_WAIT_MS / 1000} s after SIGTERM; its stderr ends: ${server.stderr().trim().split('\n').slice(-2).join(' | ')}`;
}

/** The server's peak resident memory, where /proc tells it. */
function serverPeakMemory(server: Served): string {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.existsSync(`/proc/${server.proc.pid}/status`) ? fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8') : '');
  return hwm ? `, peak memory ${(Number(hwm[1]) / 1024).toFixed(0)} MB` : '';
}

function table(p: Phase): string[] {
  const lines = [`${p.name} (${p.seconds.toFixed(1)} s): ${p.requests} requests, ${(p.requests / p.seconds).toFixed(1)}/s`];
  for (const [kind, t] of Object.entries(p.times)) {
    lines.push(
      `  ${kind.padEnd(10)} ${String(t.length).padStart(6)}  ${(t.length / p.seconds).toFixed(1).padStart(7)}/s  p50 ${percentile(t, 50).toFixed(1)} ms  p95 ${percentile(t, 95).toFixed(1)} ms`,
    );
  }
  lines.push(
    `  errors: ${
      Object.keys(p.errors).length
        ? Object.entries(p.errors)
            .map(([k, n]) => `${k} × ${n}`)
            .join(', ')
        : 'none'
    }`,
  );
  return lines;
}

const loadBefore = os.loadavg()[0]!;
const problems: string[] = [];
try {
  const pages = pageFiles().length;
  const indexed = await runCairn(['index', '--db', db, wiki], env);
  if (indexed.code !== 0) throw new Error(`cairn index failed:\n${indexed.err}`);
  const servers: Served[] = [];
  const acks: Ack[] = [];
  let peakMemory = '';
  let alone: Phase, loaded: Phase, delayAlone: string, delayLoaded: string;
  try {
    for (let i = 0; i < SERVERS; i++) servers.push(await startServe(['--db', db, wiki], env));
    const server = servers[0]!;
    const urlOf = (i: number) => servers[i % SERVERS]!.url;
    // the servers' own first runs (nothing changed) must not count as a write's delay
    for (const s of servers) await waitForIdle(s);
    await loopDelays(servers);
    const words = pageFiles()
      .flatMap((f) =>
        path
          .basename(f, '.md')
          .toLowerCase()
          .split(/[^a-z0-9]+/),
      )
      .filter((w) => w.length > 2);
    const searchers = (p: Phase) => Array.from({ length: SEARCHERS }, (_, s) => searcher(urlOf(s), p, s, words));

    alone = phase('searchers alone', aloneSeconds);
    await run(alone, searchers(alone));
    delayAlone = await loopDelays(servers);

    loaded = phase(
      `beside ${WRITERS} HTTP writers${SERVERS > 1 ? ` over ${SERVERS} servers` : ''}${mcpWriters ? ` and ${mcpWriters} MCP writer` : ''}`,
      seconds,
    );
    const mcp = Array.from({ length: mcpWriters }, (_, m) => mcpWriter(loaded, m, ['--no-watch', '--db', db, wiki], env, acks));
    await run(loaded, [...Array.from({ length: WRITERS }, (_, w) => writer(urlOf(w), loaded, w, acks)), ...searchers(loaded), ...mcp]);
    delayLoaded = await loopDelays(servers);

    // no waiting for the watcher: a write is acknowledged only once its page is re-indexed
    problems.push(...(await checkAcknowledged(acks, (key) => http<{ body: string }>(server.url, token('searcher0'), 'GET', `wiki/pages/${key}`))));
    const strays = fs
      .readdirSync(wiki, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.tmp'));
    if (strays.length) problems.push(`${strays.length} temp files left behind: ${strays.slice(0, 3).join(', ')}`);
    peakMemory = servers.map(serverPeakMemory).join('');
  } finally {
    for (const hung of await Promise.all(servers.map(stopServer))) if (hung) problems.push(hung);
  }

  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  const p95 = (p: Phase) => percentile(p.times.search ?? [], 95);
  const lost = new Set(problems.filter((p) => p.startsWith('lost ')).map((p) => p.split(':')[0])).size;
  const httpAcks = acks.filter((a) => a.by.startsWith('writer')).length;
  console.log(
    `machine: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average before ${loadBefore.toFixed(2)}, after ${os.loadavg()[0]!.toFixed(2)}`,
  );
  console.log(store.describe());
  console.log(
    `${SERVERS} server${SERVERS > 1 ? 's' : ''}: ${process.env.CAIRN_READERS ? `CAIRN_READERS=${process.env.CAIRN_READERS}` : 'default readers'}${peakMemory}`,
  );
  console.log(`wiki: ${foam ? `git vault made from ${source}` : source}, ${pages} pages; model ${model}`);
  for (const [p, delay] of [
    [alone, delayAlone],
    [loaded, delayLoaded],
  ] as const)
    console.log([...table(p), `  server event loop delay: ${delay}`].join('\n'));
  const limit = 2 * p95(alone) + 20;
  console.log(
    `search p95 beside writers ${p95(loaded).toFixed(1)} ms, alone ${p95(alone).toFixed(1)} ms: ${(p95(loaded) / p95(alone)).toFixed(1)}x (aim: at most 2x + 20 ms = ${limit.toFixed(1)} ms)`,
  );
  console.log(
    `acknowledged writes: ${acks.length} (${(acks.length / loaded.seconds).toFixed(1)}/s; HTTP ${httpAcks}, ${(httpAcks / loaded.seconds).toFixed(1)}/s); checked on disk with their hash and in the index: ${acks.length - lost} ok, ${lost} lost`,
  );
  for (const p of problems.slice(0, 20)) console.log(`  PROBLEM ${p}`);
  process.exitCode = problems.length || Object.keys({ ...alone.errors, ...loaded.errors }).length ? 1 : 0;
} finally {
  store.stop();
  fs.rmSync(dir, { recursive: true, force: true });
  // everything is closed by now: whatever still holds this process is named, and it ends anyway
  setTimeout(() => {
    console.log(`  PROBLEM the benchmark was still held open 5 s after finishing, by: ${process.getActiveResourcesInfo().join(', ')}`);
    process.exit(1);
  }, 5000).unref();
}
