// What bench:agents' agents do (agents-load.ts runs them): HTTP writers and searchers, each with its
// own token, a `cairn mcp` process writing, every request timed by kind within a phase; and the
// check that each acknowledged write is on disk as acknowledged and in the index.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { mcpAgents } from '../../electron/engine/testing/mcp-session.ts';

export interface Phase {
  name: string;
  /** Latencies (ms) by kind of request. */
  times: Record<string, number[]>;
  /** Failed requests by kind and status. */
  errors: Record<string, number>;
  requests: number;
  seconds: number;
  going(): boolean;
  token(who: string): string;
}

export interface Ack {
  key: string;
  marker: string;
  root: string;
  path: string;
  hashAfter: string;
  by: string;
}

interface Answer<T> {
  ok: boolean;
  status: string;
  value?: T;
}

async function timed<T>(p: Phase, kind: string, work: () => Promise<Answer<T>>): Promise<T | null> {
  p.requests++;
  const t0 = performance.now();
  // fetch says only "fetch failed": its cause names what happened (a reset connection, a refused one)
  const r = await work().catch((err: Error) => ({
    ok: false,
    status: String((err.cause as { code?: string })?.code ?? err.message).slice(0, 80),
    value: undefined,
  }));
  (p.times[kind] ??= []).push(performance.now() - t0);
  if (!r.ok) p.errors[`${kind} ${r.status}`] = (p.errors[`${kind} ${r.status}`] ?? 0) + 1;
  return r.ok ? (r.value ?? null) : null;
}

export async function http<T>(base: string, token: string, verb: string, route: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(new URL(`api/${route}`, base), {
    method: verb,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const value = (await res.json()) as T;
  return { ok: res.ok, status: String(res.status), value };
}

export async function writer(base: string, p: Phase, w: number, acks: Ack[]): Promise<void> {
  const who = `writer${w}`;
  for (let i = 0; p.going(); i++) {
    const key = `load-w${w}-${i}`;
    const marker = `zq${w}x${i}mark`;
    const body = { frontmatter: { title: `Load ${w}.${i}` }, body: `# Load ${w}.${i}\n\nWritten under load: ${marker}.\n` };
    const r = await timed<Ack>(p, 'write', () => http(base, p.token(who), 'PUT', `wiki/pages/${key}`, body));
    if (r) acks.push({ key, marker, root: r.root, path: r.path, hashAfter: r.hashAfter, by: who });
  }
}

export async function searcher(base: string, p: Phase, s: number, words: string[]): Promise<void> {
  const query = (i: number) => `${words[(i * 7919) % words.length]} ${words[(i * 104729) % words.length]}`;
  for (let i = 0; p.going(); i++)
    await timed(p, 'search', () => http(base, p.token(`searcher${s}`), 'POST', 'wiki/search', { q: query(s * 100_003 + i), k: 10, mode: 'hybrid' }));
}

/** One `cairn mcp` process (its own engine on the same database and roots), writing in a loop. */
export async function mcpWriter(p: Phase, m: number, args: string[], env: NodeJS.ProcessEnv, acks: Ack[]): Promise<void> {
  const agents = mcpAgents(args, env);
  const who = `mcpwriter${m}`;
  const client = await agents.start(who);
  try {
    for (let i = 0; p.going(); i++) {
      const key = `load-mcp${m}-${i}`;
      const marker = `zqmcp${m}x${i}mark`;
      const r = await timed<Ack>(p, 'mcp write', async () => {
        const out = (await client.callTool({ name: 'wiki_write', arguments: { key, body: `# MCP ${i}\n\nWritten under load: ${marker}.\n` } })) as {
          isError?: boolean;
          content: { text: string }[];
          structuredContent?: Ack;
        };
        return { ok: !out.isError, status: out.isError ? out.content[0]!.text.split(':')[0]! : 'ok', value: out.structuredContent };
      });
      if (r) acks.push({ key, marker, root: r.root, path: r.path, hashAfter: r.hashAfter, by: who });
    }
  } finally {
    await agents.closeAll();
  }
}

/** Every acknowledged write: the file holds exactly what was acknowledged, and the index has the
 * page as written. A problem about a write starts `lost KEY:`. Eight reads at a time. */
export async function checkAcknowledged(acks: Ack[], read: (key: string) => Promise<Answer<{ body: string }>>): Promise<string[]> {
  const problems: string[] = [];
  let next = 0;
  const check = async () => {
    for (let a = acks[next++]; a; a = acks[next++]) {
      const file = path.join(a.root, a.path);
      if (!fs.existsSync(file)) problems.push(`lost ${a.key}: acknowledged but ${file} does not exist`);
      else if (createHash('sha1').update(fs.readFileSync(file)).digest('hex') !== a.hashAfter)
        problems.push(`lost ${a.key}: the file's hash is not the acknowledged one`);
      const page = await read(a.key).catch((err: Error) => ({ ok: false, status: err.message, value: undefined }));
      if (!page.ok || !page.value!.body.includes(a.marker)) problems.push(`lost ${a.key}: not in the index as written (${page.status})`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, check));
  return problems;
}
