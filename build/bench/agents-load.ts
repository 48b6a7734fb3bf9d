// Many agents at once on one store: 8 writers and 8 searchers on one `cairn serve` (each with its
// own token, so each is an agent), plus one `cairn mcp` process writing through its own engine to
// the same database and roots, for a fixed time and at most a fixed number of requests; loopback
// only. Prints requests/s, p50/p95 latency and errors per kind, then checks that every
// acknowledged write is on disk with the hash it was acknowledged with, and in the index.
// Usage: npm run bench:agents [-- ROOT] [--seconds 60] [--max-requests 200000] [--model none|adaptive]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_WIKI } from '../../electron/engine/config/settings.ts';
import { cairnEnv, runCairn, startServe } from '../../electron/engine/testing/cairn-process.ts';
import { mcpAgents } from '../../electron/engine/testing/mcp-session.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const source = path.resolve(args[0] && !args[0].startsWith('--') ? args[0] : DEMO_WIKI);
const seconds = Number(option('seconds', '60'));
const maxRequests = Number(option('max-requests', '200000'));
const model = option('model', 'none');
const WRITERS = 8;
const SEARCHERS = 8;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-bench-agents-'));
const wiki = path.join(dir, 'wiki');
fs.cpSync(source, wiki, { recursive: true });
const db = path.join(dir, 'bench.db');
const token = (who: string) => `token-of-${who}-${'x'.repeat(24)}`;
const agents = [...Array.from({ length: WRITERS }, (_, i) => `writer${i}`), ...Array.from({ length: SEARCHERS }, (_, i) => `searcher${i}`)];
const env = cairnEnv(dir, { CAIRN_MODEL: model, CAIRN_TOKENS: agents.map((a) => `${token(a)}=${a}`).join(',') });

interface Ack {
  key: string;
  marker: string;
  root: string;
  path: string;
  hashAfter: string;
  by: string;
}

const acks: Ack[] = [];
const times: Record<string, number[]> = { search: [], write: [], 'mcp write': [] };
const errors: Record<string, number> = {};
let requests = 0;
const deadline = Date.now() + seconds * 1000;
const going = () => Date.now() < deadline && requests < maxRequests;

const words = fs
  .readdirSync(wiki, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.md'))
  .flatMap((f) => path.basename(f, '.md').toLowerCase().split(/[^a-z0-9]+/))
  .filter((w) => w.length > 2);
const query = (i: number) => `${words[(i * 7919) % words.length]} ${words[(i * 104729) % words.length]}`;

async function timed<T>(kind: string, work: () => Promise<{ ok: boolean; status: string; value?: T }>): Promise<T | null> {
  requests++;
  const t0 = performance.now();
  const r = await work().catch((err: Error) => ({ ok: false, status: err.message.slice(0, 80), value: undefined }));
  times[kind]!.push(performance.now() - t0);
  if (!r.ok) errors[`${kind} ${r.status}`] = (errors[`${kind} ${r.status}`] ?? 0) + 1;
  return r.ok ? (r.value ?? null) : null;
}

async function http<T>(base: string, who: string, verb: string, route: string, body?: unknown): Promise<{ ok: boolean; status: string; value?: T }> {
  const res = await fetch(new URL(`api/${route}`, base), {
    method: verb,
    headers: { authorization: `Bearer ${token(who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const value = (await res.json()) as T;
  return { ok: res.ok, status: String(res.status), value };
}

async function writer(base: string, w: number): Promise<void> {
  for (let i = 0; going(); i++) {
    const key = `load-w${w}-${i}`;
    const marker = `zq${w}x${i}mark`;
    const r = await timed<Ack>('write', () => http(base, `writer${w}`, 'PUT', `wiki/pages/${key}`, { frontmatter: { title: `Load ${w}.${i}` }, body: `# Load ${w}.${i}\n\nWritten under load: ${marker}.\n` }));
    if (r) acks.push({ key, marker, root: r.root, path: r.path, hashAfter: r.hashAfter, by: `writer${w}` });
  }
}

async function searcher(base: string, s: number): Promise<void> {
  for (let i = 0; going(); i++) await timed('search', () => http(base, `searcher${s}`, 'POST', 'wiki/search', { q: query(s * 100_003 + i), k: 10, mode: 'hybrid' }));
}

async function mcpWriter(): Promise<void> {
  const agents = mcpAgents(['--no-watch', '--db', db, wiki], env);
  const client = await agents.start('mcpwriter');
  try {
    for (let i = 0; going(); i++) {
      const key = `load-mcp-${i}`;
      const marker = `zqmcp${i}mark`;
      const r = await timed<Ack>('mcp write', async () => {
        const out = (await client.callTool({ name: 'wiki_write', arguments: { key, body: `# MCP ${i}\n\nWritten under load: ${marker}.\n` } })) as { isError?: boolean; content: { text: string }[]; structuredContent?: Ack };
        return { ok: !out.isError, status: out.isError ? out.content[0]!.text.split(':')[0]! : 'ok', value: out.structuredContent };
      });
      if (r) acks.push({ key, marker, root: r.root, path: r.path, hashAfter: r.hashAfter, by: 'mcpwriter' });
    }
  } finally {
    await agents.closeAll();
  }
}

/** Every acknowledged write: the file holds exactly what was acknowledged, and the index has the page. */
async function verify(base: string): Promise<string[]> {
  const problems: string[] = [];
  for (const a of acks) {
    const file = path.join(a.root, a.path);
    if (!fs.existsSync(file)) problems.push(`${a.key}: acknowledged but ${file} does not exist`);
    else if (createHash('sha1').update(fs.readFileSync(file)).digest('hex') !== a.hashAfter) problems.push(`${a.key}: the file's hash is not the acknowledged one`);
    const page = await http<{ body: string }>(base, 'searcher0', 'GET', `wiki/pages/${a.key}`);
    if (!page.ok || !page.value!.body.includes(a.marker)) problems.push(`${a.key}: not in the index as written (${page.status})`);
  }
  const strays = fs.readdirSync(wiki, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'));
  if (strays.length) problems.push(`${strays.length} temp files left behind: ${strays.slice(0, 3).join(', ')}`);
  return problems;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

try {
  const indexed = await runCairn(['index', '--db', db, wiki], env);
  if (indexed.code !== 0) throw new Error(`cairn index failed:\n${indexed.err}`);
  const server = await startServe(['--db', db, wiki], env);
  try {
    const started = performance.now();
    await Promise.all([...Array.from({ length: WRITERS }, (_, w) => writer(server.url, w)), ...Array.from({ length: SEARCHERS }, (_, s) => searcher(server.url, s)), mcpWriter()]);
    const elapsed = (performance.now() - started) / 1000;
    // no waiting for the watcher: a write is acknowledged only once its page is re-indexed
    const problems = await verify(server.url);

    const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
    console.log(`machine: ${os.cpus().length} x ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);
    console.log(`wiki: ${source}, model ${model}; ${WRITERS} HTTP writers, ${SEARCHERS} HTTP searchers (each its own token), 1 MCP process writing; ${elapsed.toFixed(1)} s`);
    console.log(`requests: ${requests} (${(requests / elapsed).toFixed(1)}/s)`);
    for (const [kind, t] of Object.entries(times)) {
      t.sort((a, b) => a - b);
      console.log(`  ${kind.padEnd(10)} ${String(t.length).padStart(6)}  ${(t.length / elapsed).toFixed(1).padStart(7)}/s  p50 ${percentile(t, 50).toFixed(1)} ms  p95 ${percentile(t, 95).toFixed(1)} ms`);
    }
    console.log(`errors: ${Object.keys(errors).length ? Object.entries(errors).map(([k, n]) => `${k} × ${n}`).join(', ') : 'none'}`);
    console.log(`acknowledged writes: ${acks.length}; on disk with their hash and in the index: ${acks.length - new Set(problems.map((p) => p.split(':')[0])).size}`);
    for (const p of problems.slice(0, 20)) console.log(`  PROBLEM ${p}`);
    process.exitCode = problems.length || Object.keys(errors).length ? 1 : 0;
  } finally {
    await server.stop();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
