// What a request, or a page file, can make Cairn build: frontmatter nested thousands deep and
// fields of megabytes quoted back in errors. A real `cairn serve` with a token over real HTTP, and
// a real `cairn mcp` process: each is a clear refusal naming the field, bounded in size, never a 500.
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { spawn } from 'node:child_process';
import { BUILDER_TOKEN, bearer, cairnEnv, CLI, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { mcpAgents, type McpAgents } from '../engine/testing/mcp-session.ts';

const DEPTH = 5000;
/** `{"a": {"a": … 1}}`, DEPTH objects deep, as JSON text (JSON.stringify itself overflows on it). */
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
/** The same as a YAML flow sequence in a page file: `[[[… 1]]]`. */
const deepYaml = `${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`;

let fx: Fixture;
let server: Served;
let mcp: McpAgents;
let agent: Client;

beforeAll(async () => {
  fx = makeFixture({
    'global/fine.md': '---\nsummary: a fine page\n---\n# Fine\n\nfine words\n',
    'global/deep-on-disk.md': `---\ndeep: ${deepYaml}\n---\n# Deep on disk\n\nits body is still read\n`,
    'user/builder/notes.md': '# Notes\n',
  });
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${BUILDER_TOKEN}=builder` }));
  await waitForIdle(server.url, '', bearer(BUILDER_TOKEN));
  mcp = mcpAgents(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
  agent = await mcp.start('builder');
});

afterAll(async () => {
  await mcp?.closeAll();
  await server?.stop();
  fx?.cleanup();
});

async function send(method: string, route: string, body: string) {
  const res = await fetch(new URL(route, server.url), { method, headers: { 'content-type': 'application/json', ...bearer(BUILDER_TOKEN) }, body });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { code: string; error: string } };
}

describe('frontmatter nested thousands deep', () => {
  it('is a 400 naming the field, over the wiki route and the contract route; nothing is written', async () => {
    for (const [method, route, extra] of [
      ['PUT', 'api/wiki/pages/deep-write', ''],
      ['POST', 'api/writePage', '"key":"deep-write",'],
    ] as const) {
      const res = await send(method, route, `{${extra}"baseHash":null,"body":"# Deep\\n","frontmatter":{"deep":${deepObject}}}`);
      expect(res.body).toMatchObject({ code: 'bad-request' });
      expect(res.body.error).toMatch(/"frontmatter\.deep".*nested/);
      expect(res.status).toBe(400);
    }
    expect(fs.existsSync(path.join(fx.root, 'global', 'deep-write.md'))).toBe(false);
  });

  it("anywhere else in a request body is a 400 from the field's schema", async () => {
    const res = await send('POST', 'api/wiki/search', `{"q":"fine","filters":{"tags":${deepYaml}}}`);
    expect(res.body).toMatchObject({ code: 'bad-request', error: expect.stringContaining('"filters.tags.0"') });
  });

  it('is refused naming the field over MCP', async () => {
    // a thousand levels: as deep as the SDK's client can serialise
    const deep = JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`);
    const r = (await agent.callTool({ name: 'wiki_write', arguments: { key: 'deep-mcp', baseHash: null, body: '# Deep\n', frontmatter: { deep } } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^bad-request: .*"frontmatter\.deep".*nested/);
  });

  it('in a page file on disk: the page is indexed without it, with a reason naming the file; the rest of the run goes on', async () => {
    const status = await send('POST', 'api/status', '{}');
    const { lastRun } = status.body as unknown as { lastRun: { problems: { path: string; reason: string }[]; failed: number } };
    const problem = lastRun.problems.find((p) => p.path.endsWith('deep-on-disk.md'));
    expect(problem?.reason).toMatch(/nested (deeper|too deep)/);
    expect(lastRun.failed).toBe(0);
    const found = await send('POST', 'api/search', '{"query":"fine words","mode":"lexical"}');
    expect(JSON.stringify(found.body)).toContain('global/fine.md');
  });
});

describe('error texts are bounded', () => {
  it('an error quoting a 10 MB field quotes a bounded part of it', async () => {
    const huge = 'x'.repeat(10 * 1024 * 1024);
    const res = await send('PUT', 'api/wiki/pages/anything', JSON.stringify({ agent: huge, body: '# A\n' }));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/^writePage: agent "builder" may write only/);
    expect(res.text.length).toBeLessThan(10_000);
  });

  it('a refused link of 5 MB is named by its start, in the message and in `missing`', async () => {
    const res = await send('PUT', 'api/wiki/pages/big-link', JSON.stringify({ baseHash: null, body: `# A\n\n[[${'k'.repeat(5 * 1024 * 1024)}]]\n` }));
    expect(res.body).toMatchObject({ code: 'missing-refs', missing: [expect.stringMatching(/^k+… \(\d+ more characters left out\)$/)] });
    expect(res.text.length).toBeLessThan(10_000);
  });

  it('over MCP, an unknown tool of 10 MB is named in a bounded part', async () => {
    const r = (await agent.callTool({ name: 'y'.repeat(10 * 1024 * 1024), arguments: {} })) as { isError?: boolean; content: { text: string }[] };
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text.length).toBeLessThan(10_000);
  });

  // the SDK checks a request's params itself and answers a failed check with every issue, one JSON
  // object each: 100,000 bad icons in 1 MB made an answer of 26 MB
  const manyIssues = (id: number) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'x', version: '1', icons: Array.from({ length: 100_000 }, () => ({ src: 1 })) },
      },
    });

  it('over MCP on HTTP, params the SDK refuses with 100,000 issues are answered in a bounded error', async () => {
    const res = await fetch(new URL('mcp', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...bearer(BUILDER_TOKEN) },
      body: manyIssues(1),
    });
    const text = await res.text();
    expect(text.length).toBeLessThan(10_000);
    expect(JSON.parse(text)).toMatchObject({ id: 1, error: { message: expect.stringMatching(/more characters left out/) } });
  });

  it('over MCP on stdio, the same', async () => {
    const proc = spawn(process.execPath, [CLI, 'mcp', '--agent', 'builder', '--no-watch', '--db', fx.db, fx.root], {
      env: cairnEnv(fx.dir),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    try {
      let out = '';
      const answered = new Promise<string>((resolve) => proc.stdout.on('data', (c: Buffer) => (out += c.toString()).includes('\n') && resolve(out)));
      proc.stdin.write(`${manyIssues(7)}\n`);
      const line = await answered;
      expect(line.length).toBeLessThan(10_000);
      expect(JSON.parse(line)).toMatchObject({ id: 7, error: { message: expect.stringMatching(/more characters left out/) } });
    } finally {
      proc.kill();
    }
  });
});
