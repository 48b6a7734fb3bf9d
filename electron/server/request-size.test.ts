// One size limit, whichever door a write comes through: the contract route, the wiki route, MCP
// over HTTP (/mcp) and MCP over stdio answer a page body the same way: a body the contract takes
// is written through every door, and one over its limit is refused with the same code by each.
// Real `cairn serve` and `cairn mcp` processes, spoken to as an agent with a token.
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_BODY_CHARS, MAX_REQUEST_BYTES } from '../../shared/limits.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { BUILDER_TOKEN, bearer, cairnEnv, runCairn, startServe, type Served } from '../engine/testing/cairn-process.ts';
import { mcpAgents, type McpAgents } from '../engine/testing/mcp-session.ts';

let fx: Fixture;
let served: Served;
let stdio: McpAgents;
let stdioClient: Client;

beforeAll(async () => {
  fx = makeFixture({ 'global/start.md': '# Start\n' });
  expect((await runCairn(['index', '--db', fx.db, fx.root], cairnEnv(fx.dir))).code).toBe(0);
  served = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${BUILDER_TOKEN}=builder` }));
  stdio = mcpAgents(['--db', fx.db, '--no-watch', fx.root], cairnEnv(fx.dir));
  stdioClient = await stdio.start('builder');
}, 60_000);

afterAll(async () => {
  await stdio?.closeAll();
  await served?.stop();
  fx?.cleanup();
});

/** What a door answered: written, or refused with a code. */
type Answer = { written: true } | { code: string };

async function overHttp(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...bearer(BUILDER_TOKEN), ...(init.headers as Record<string, string>) },
  });
  const body = (await res.json()) as { code?: string; error?: { message: string }; result?: { isError?: boolean; content: { text: string }[] } };
  if (body.result) return toolAnswer(body.result);
  return res.ok ? { written: true } : { code: body.code ?? `status ${res.status}` };
}

/** A tool's answer: an error's text starts with its code (mcp-server.ts). */
function toolAnswer(result: { isError?: boolean; content: { text: string }[] }): Answer {
  return result.isError ? { code: result.content[0]!.text.split(':', 1)[0]! } : { written: true };
}

const DOORS: Record<string, (key: string, body: string) => Promise<Answer>> = {
  'POST /api/writePage': (key, body) =>
    overHttp(new URL('api/writePage', served.url).href, { method: 'POST', body: JSON.stringify({ key, body, baseHash: null }) }),
  'PUT /api/wiki/pages/{key}': (key, body) =>
    overHttp(new URL(`api/wiki/pages/${key}`, served.url).href, { method: 'PUT', body: JSON.stringify({ body, baseHash: null }) }),
  'POST /mcp': (key, body) =>
    overHttp(new URL('mcp', served.url).href, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wiki_write', arguments: { key, body, baseHash: null } } }),
    }),
  // the SDK's client gives up on a request after 60 s, which 20 MiB through the server's stdio buffer
  // (copied on every chunk) can take on a busy machine: the test's own timeout is the limit
  'cairn mcp (stdio)': async (key, body) =>
    toolAnswer(
      (await stdioClient.callTool({ name: 'wiki_write', arguments: { key, body, baseHash: null } }, undefined, { timeout: 120_000 })) as {
        isError?: boolean;
        content: { text: string }[];
      },
    ),
};

describe('one request limit, whichever door', () => {
  it('takes a 2 MiB page body through every door, as the contract does', async () => {
    const body = `# Big\n\n${'lorem ipsum dolor sit amet\n'.repeat(Math.ceil((2 * 1024 * 1024) / 27))}`;
    for (const [door, write] of Object.entries(DOORS)) {
      const key = `big-${Object.keys(DOORS).indexOf(door)}`;
      expect(await write(key, body), door).toEqual({ written: true });
      expect(fs.statSync(path.join(fx.root, 'global', `${key}.md`)).size, door).toBeGreaterThan(2 * 1024 * 1024);
    }
  }, 120_000);

  it('refuses a 20 MiB page body with the same code through every door, and writes nothing', async () => {
    expect(20 * 1024 * 1024).toBeGreaterThan(MAX_PAGE_BODY_CHARS);
    expect(20 * 1024 * 1024).toBeLessThan(MAX_REQUEST_BYTES);
    const body = 'x'.repeat(20 * 1024 * 1024);
    const answers: Record<string, Answer> = {};
    for (const [door, write] of Object.entries(DOORS)) answers[door] = await write('huge', body);
    expect(answers).toEqual(Object.fromEntries(Object.keys(DOORS).map((door) => [door, { code: 'bad-request' }])));
    expect(fs.existsSync(path.join(fx.root, 'global', 'huge.md'))).toBe(false);
  }, 120_000);
});
