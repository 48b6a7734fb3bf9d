// `cairn mcp` against a client that does not play by the rules: raw JSON-RPC lines on the real
// command's stdin (arguments that are no object, unknown tools, lines that are not JSON, a write as
// large as the contract allows, a message larger than any), and stdout that must hold the protocol only.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cairnEnv, CLI } from '../engine/testing/cairn-process.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-mcp-hostile-'));
const wiki = path.join(dir, 'wiki');
fs.mkdirSync(path.join(wiki, 'global'), { recursive: true });
fs.writeFileSync(path.join(wiki, 'global', 'hello.md'), '# Hello\n\nhello world\n');
const procs: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Session {
  proc: ChildProcessWithoutNullStreams;
  send(line: string | object): void;
  reply(id: number, ms?: number): Promise<Record<string, unknown>>;
  lines(): string[];
  stderr(): string;
  exited: Promise<number | null>;
}

function session(agent: string): Session {
  const proc = spawn(process.execPath, [CLI, 'mcp', '--agent', agent, '--db', path.join(dir, 'cairn.db'), '--no-watch', wiki], {
    env: cairnEnv(dir),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  procs.push(proc);
  proc.stdin.on('error', () => {});
  let out = '';
  let err = '';
  proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const lines = () => out.split('\n').filter(Boolean);
  const s: Session = {
    proc,
    send: (line) => proc.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`),
    lines,
    stderr: () => err,
    exited,
    async reply(id, ms = 60_000) {
      const until = Date.now() + ms;
      for (;;) {
        const hit = lines()
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .find((m) => m.id === id);
        if (hit) return hit;
        if (proc.exitCode !== null || Date.now() > until) throw new Error(`no reply ${id}; exit ${proc.exitCode}; stderr: ${err.slice(-500)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
  s.send({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } },
  });
  s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return s;
}

const call = (id: number, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('cairn mcp and a hostile client', () => {
  it('answers bad calls with errors and keeps serving; stdout holds JSON-RPC only', async () => {
    const s = session('mallory');
    await s.reply(0);
    s.send(call(1, 'no_such_tool', {}));
    s.send(call(2, 'wiki_write', 'not an object'));
    s.send(call(3, 'wiki_search', [1, 2]));
    s.send(call(4, 'wiki_search', null));
    s.send(call(5, '__proto__', {}));
    s.send('{not json');
    s.send('[1,2]');
    s.send(call(6, 'wiki_search', { query: 'x'.repeat(100_000) }));
    expect(JSON.stringify(await s.reply(1))).toMatch(/no tool/);
    // the first index runs beside the session: read once it is done
    for (let t = 0; !/indexed \d+ pages/.test(s.stderr()) && t < 600; t++) await new Promise((r) => setTimeout(r, 50));
    s.send(call(7, 'wiki_read', { key: 'hello' }));
    for (const id of [2, 3, 4]) expect((await s.reply(id)).error).toBeDefined();
    expect(JSON.stringify(await s.reply(5))).toMatch(/no tool/);
    expect(JSON.stringify(await s.reply(6))).toMatch(/isError/);
    expect(JSON.stringify(await s.reply(7))).toMatch(/hello world/);
    for (const line of s.lines()) expect((JSON.parse(line) as { jsonrpc: string }).jsonrpc).toBe('2.0');
    s.proc.stdin.end();
    expect(await s.exited).toBe(0);
  });

  it('takes a write as large as the contract allows, JSON-escaped past the SDK default of 10 MB', async () => {
    const s = session('mallory');
    await s.reply(0);
    // 6 M characters that JSON escapes to two bytes each: 12 MB on the wire, under the 8 MB body limit
    const body = `# Quotes\n\n${'"'.repeat(6_000_000)}\n`;
    s.send(call(1, 'wiki_write', { key: 'quotes', body }));
    const r = (await s.reply(1, 120_000)) as { result?: { isError?: boolean; content: { text: string }[] } };
    expect(r.result?.isError ?? false, JSON.stringify(r).slice(0, 300)).toBe(false);
    expect(fs.statSync(path.join(wiki, 'global', 'quotes.md')).size).toBeGreaterThan(6_000_000);
    s.send(call(2, 'wiki_read', { key: 'hello' }));
    expect(JSON.stringify(await s.reply(2))).toMatch(/hello world/);
    s.proc.stdin.end();
    expect(await s.exited).toBe(0);
  }, 180_000);

  it('a message larger than any it reads ends the session with a line on stderr, not a deaf server', async () => {
    const s = session('mallory');
    await s.reply(0);
    s.send(call(1, 'wiki_write', { key: 'huge', body: 'x'.repeat(40 * 1024 * 1024) }));
    // a deaf server never exits: the test's own timeout fails it (no clock of ours, which a busy machine outruns)
    await s.exited;
    expect(s.stderr()).toMatch(/exceeded maximum size/);
    expect(fs.existsSync(path.join(wiki, 'global', 'huge.md'))).toBe(false);
  }, 300_000);
});
