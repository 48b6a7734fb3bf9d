// MCP over Streamable HTTP at /mcp on `cairn serve`, as an agent on another machine meets it: a
// real server process with tokens, spoken to by the MCP SDK's own Streamable HTTP client, and
// compared with what `cairn mcp` (stdio) offers on the same database.
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, cairnEnv, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { mcpAgents, type McpAgents } from '../engine/testing/mcp-session.ts';
import { MAX_REQUEST_BYTES } from '../../shared/limits.ts';

const BUILDER = 'builder-token-0123456789abcdef';
const SCOUT = 'scout-token-0123456789abcdefgh';

let fx: Fixture;
let agents: Served;
let person: Served;
let stdio: McpAgents;
const open: Client[] = [];

beforeAll(async () => {
  fx = makeFixture({ 'global/vacuum.md': '# Vacuum\n\nRun VACUUM after deleting many rows from the SQLite database.\n' });
  person = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
  await waitForIdle(person.url);
  agents = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${BUILDER}=builder,${SCOUT}=scout` }));
  stdio = mcpAgents(['--db', fx.db, '--no-watch', fx.root], cairnEnv(fx.dir));
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await stdio?.closeAll();
  await agents?.stop();
  await person?.stop();
  fx?.cleanup();
});

/** A client of `server`'s /mcp with these headers (the token), connected: initialize done. */
async function connect(server: Served, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'remote-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('mcp', server.url), { requestInit: { headers } }));
  open.push(client);
  return client;
}

const as = (token: string) => ({ authorization: `Bearer ${token}` });

async function call<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; text: string; value: T }> {
  const r = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: { text: string }[]; structuredContent?: unknown };
  return { isError: r.isError === true, text: r.content[0]!.text, value: r.structuredContent as T };
}

/** A raw request to /mcp with exactly these headers: the status and the body. */
function raw(server: Served, method: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: '/mcp', method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('MCP over Streamable HTTP at /mcp', () => {
  it('lists the same tools as `cairn mcp` over stdio', async () => {
    const overHttp = await (await connect(agents, as(SCOUT))).listTools();
    const overStdio = await (await stdio.start('scout')).listTools();
    expect(overHttp.tools.length).toBe(10);
    expect(overHttp.tools).toEqual(overStdio.tools);
  });

  it("runs every call as the token's agent: a write lands as scout's, then search and read find it", async () => {
    const scout = await connect(agents, as(SCOUT));
    const written = await call<{ auditId: number; path: string; hashAfter: string }>(scout, 'wiki_write', {
      key: 'remote-notes',
      agent: 'scout',
      baseHash: null,
      body: '# Remote notes\n\nThe lighthouse keeper answers on port 4317.\n',
    });
    expect(written.isError, written.text).toBe(false);
    expect(written.value.path).toBe('user/scout/remote-notes.md');
    const log = await api<{ entries: { id: number; actor: string }[] }>(agents.url, 'audit', { key: 'remote-notes' }, as(SCOUT));
    expect(log.body.entries.find((e) => e.id === written.value.auditId)?.actor).toBe('scout');

    const found = await call<{ results: { key: string; hash: string }[] }>(scout, 'wiki_search', { query: 'lighthouse keeper', mode: 'lexical', k: 3 });
    expect(found.isError, found.text).toBe(false);
    expect(found.value.results[0]).toMatchObject({ key: 'remote-notes', hash: written.value.hashAfter });
    const read = await call<{ body: string; hash: string }>(scout, 'wiki_read', { key: 'remote-notes', agent: 'scout' });
    expect(read.isError, read.text).toBe(false);
    expect(read.value.body).toContain('lighthouse keeper');

    // builder's token is builder: scout's space is not its to write, and it cannot act as scout
    const builder = await connect(agents, as(BUILDER));
    const trespass = await call(builder, 'wiki_write', { key: 'remote-notes', agent: 'scout', baseHash: read.value.hash, body: 'mine now\n' });
    expect(trespass).toMatchObject({ isError: true, text: expect.stringMatching(/^forbidden: .*user\/scout\//) });
    const impostor = await call(builder, 'wiki_write', { key: 'by-scout', actor: 'scout', baseHash: null, body: 'x\n' });
    expect(impostor).toMatchObject({ isError: true, text: expect.stringContaining('"actor" may not name anyone else') });
  });

  it('refuses a missing or unknown token with 401 before anything runs', async () => {
    for (const headers of [{}, as('not-a-token-0123456789abcdef'), { authorization: 'Basic c2NvdXQ6eA==' }]) {
      await expect(connect(agents, headers)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('unauthorized') });
    }
    const answer = await raw(agents, 'POST', POST_HEADERS, INITIALIZE);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a foreign Origin or Host with 403, token or not', async () => {
    const host = `127.0.0.1:${agents.port}`;
    const foreignOrigin = await raw(agents, 'POST', { ...POST_HEADERS, ...as(SCOUT), host, origin: 'http://evil.example' }, INITIALIZE);
    expect(foreignOrigin.status).toBe(403);
    expect(JSON.parse(foreignOrigin.body)).toMatchObject({ code: 'forbidden' });
    const foreignHost = await raw(agents, 'POST', { ...POST_HEADERS, ...as(SCOUT), host: `evil.example:${agents.port}` }, INITIALIZE);
    expect(foreignHost.status).toBe(403);
    expect(JSON.parse(foreignHost.body)).toMatchObject({ code: 'forbidden' });
    // the same request with this server's own Host goes through
    expect((await raw(agents, 'POST', { ...POST_HEADERS, ...as(SCOUT), host }, INITIALIZE)).status).toBe(200);
  });

  it('keeps the request limit of every door and the HTTP API’s JSON rule, and offers no session stream (stateless)', async () => {
    // refused by its declared length, before its body is read (sending it all would race the closing socket)
    const tooLarge = await raw(agents, 'POST', { ...POST_HEADERS, ...as(SCOUT), 'content-length': String(MAX_REQUEST_BYTES + 1) }, '{');
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ code: 'too-large' });
    const form = await raw(agents, 'POST', { ...POST_HEADERS, ...as(SCOUT), 'content-type': 'text/plain' }, INITIALIZE);
    expect(form.status).toBe(415);
    const stream = await raw(agents, 'GET', { accept: 'text/event-stream', ...as(SCOUT) });
    expect(stream.status).toBe(405);
  });

  it('on loopback without tokens the session is a person’s, as over the HTTP API', async () => {
    const someone = await connect(person);
    const read = await call<{ body: string }>(someone, 'wiki_read', { key: 'vacuum' });
    expect(read.value.body).toContain('VACUUM');
    // a person names the actor of a write, as in a POST /api/writePage
    const written = await call<{ auditId: number }>(someone, 'wiki_write', { key: 'vacuum', frontmatter: { tags: ['sqlite'] }, actor: 'editor' });
    expect(written.isError, written.text).toBe(false);
    const log = await api<{ entries: { id: number; actor: string }[] }>(person.url, 'audit', { key: 'vacuum' });
    expect(log.body.entries.find((e) => e.id === written.value.auditId)?.actor).toBe('editor');
  });
});
