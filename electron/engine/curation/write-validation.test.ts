// The write door refuses what the indexer would not read back as written, by the reader's own rules,
// and a body stays body: a real `cairn serve` and a real `cairn mcp` on one wiki and index, each
// answer checked against the file on disk and the page as getPage reads it back.
import fs from 'node:fs';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../testing/wiki-fixture.ts';
import { api, cairnEnv, startServe, waitForIdle, type Served } from '../testing/cairn-process.ts';
import { mcpAgents, type McpAgents } from '../testing/mcp-session.ts';

let fx: Fixture;
let server: Served;
let agents: McpAgents;
let scout: Client;

const UNRESOLVED = '---\ntitle: Aliased\nref: *nowhere\n---\n# Aliased\n';
const BAD_SYNTAX = '---\ntitle: Bad syntax\nsummary: fine\nowner: a: b\n---\n# Bad syntax\n';
const HUGE_FIELDS = `---\ntitle: Huge\nnotes: ${'n'.repeat(33 * 1024)}\n---\n# Huge\n`;

beforeAll(async () => {
  fx = makeFixture({ 'plain.md': '# Plain\nno frontmatter here\n', 'aliased.md': UNRESOLVED, 'huge.md': HUGE_FIELDS, 'bad-syntax.md': BAD_SYNTAX });
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
  await waitForIdle(server.url);
  agents = mcpAgents(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
  scout = await agents.start('scout');
});

afterAll(async () => {
  await agents?.closeAll();
  await server?.stop();
  fx?.cleanup();
});

type Refusal = { code: string; error: string };
type PageRead = { frontmatter: Record<string, unknown>; frontmatterError: string | null; body: string; summary: string | null; tags: string[]; hash: string };
const write = (body: Record<string, unknown>) => api<Refusal & { path: string }>(server.url, 'writePage', { actor: 'alice', ...body });
const getPage = async (key: string) => (await api<PageRead>(server.url, 'getPage', { key })).body;
const onDisk = (rel: string) => (fs.existsSync(path.join(fx.root, rel)) ? fs.readFileSync(path.join(fx.root, rel), 'utf8') : null);
type ToolAnswer = { isError?: boolean; content: { text: string }[] };
const mcpWrite = (args: Record<string, unknown>) => scout.callTool({ name: 'wiki_write', arguments: args }) as Promise<ToolAnswer>;

describe('bytes the reader rejects are refused at the door, naming where', () => {
  it('a body with a NUL is refused (400, its byte offset), over HTTP and MCP, and nothing is written', async () => {
    const http = await write({ key: 'with-nul', body: '# Title\nab\u0000cd\n' });
    expect(http.status).toBe(400);
    expect(http.body.code).toBe('bad-request');
    expect(http.body.error).toMatch(/NUL/);
    expect(http.body.error).toMatch(/byte 10\b/);
    expect(onDisk('with-nul.md')).toBeNull();

    const mcp = await mcpWrite({ key: 'with-nul-mcp', body: 'é\u0000' });
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toMatch(/^bad-request: .*NUL.*byte 2\b/);
    expect(onDisk('global/with-nul-mcp.md') ?? onDisk('with-nul-mcp.md')).toBeNull();
  });

  it('a NUL past the first 8 KB is refused too: the reader takes a file with one anywhere for binary', async () => {
    const r = await write({ key: 'late-nul', body: `${'x'.repeat(9000)}\u0000` });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/byte 9000\b/);
    expect(onDisk('late-nul.md')).toBeNull();
  });

  it('a lone surrogate, which UTF-8 cannot hold, is refused rather than written as U+FFFD', async () => {
    const r = await write({ key: 'lone-surrogate', body: 'ok \ud800 then' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/byte 3\b/);
    expect(onDisk('lone-surrogate.md')).toBeNull();
  });

  it('a byte order mark is refused only where the reader drops it: opening the file', async () => {
    const bare = await write({ key: 'bom-body', body: '\ufeffhi\n' });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toMatch(/U\+FEFF at byte 0 .*byte order mark/);
    expect(onDisk('bom-body.md')).toBeNull();
    expect((await write({ key: 'bom-body', frontmatter: { summary: 'fields first' }, body: '\ufeffhi\n' })).status).toBe(200);
    expect((await getPage('bom-body')).body).toBe('\ufeffhi\n');
  });

  it('the page that is refused is still writable: plain text lands and reads back', async () => {
    expect((await write({ key: 'with-nul', body: '# Title\nabcd\n' })).status).toBe(200);
    expect((await getPage('with-nul')).body).toBe('# Title\nabcd\n');
  });
});

describe('a body stays body', () => {
  const LOOKS_LIKE_FIELDS = '---\ntier: core\nowner: mallory\narchived_since: 2020-01-01\n---\n# Not fields\nbody text\n';

  it('a new page whose body opens with a --- block reads back with that block as body, and no fields', async () => {
    const r = await write({ key: 'fenced-body', body: LOOKS_LIKE_FIELDS });
    expect(r.status).toBe(200);
    const page = await getPage('fenced-body');
    expect(page.frontmatter).toEqual({});
    expect(page.frontmatterError).toBeNull();
    expect(page.body).toBe(LOOKS_LIKE_FIELDS);
  });

  it('rewriting the body of a page without frontmatter, over MCP, keeps it body', async () => {
    const r = await mcpWrite({ key: 'plain', body: LOOKS_LIKE_FIELDS, baseHash: (await getPage('plain')).hash });
    expect(r.isError, r.content[0]!.text).toBeFalsy();
    const page = await getPage('plain');
    expect(page.frontmatter).toEqual({});
    expect(page.body).toBe(LOOKS_LIKE_FIELDS);
  });

  it('a later field edit of that page leaves the body as it was', async () => {
    expect((await write({ key: 'fenced-body', frontmatter: { summary: 'real fields' } })).status).toBe(200);
    const page = await getPage('fenced-body');
    expect(page.frontmatter).toEqual({ summary: 'real fields' });
    expect(page.body).toBe(LOOKS_LIKE_FIELDS);
  });
});

describe('frontmatter the reader would not read is refused', () => {
  it("fields over the reader's 32 KB limit: 400 naming the limit, nothing written", async () => {
    const r = await write({ key: 'big-fields', frontmatter: { summary: 's'.repeat(33 * 1024) }, body: '# Big\n' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/32 KB/);
    expect(onDisk('big-fields.md')).toBeNull();
  });

  it('a field edit of a page whose frontmatter is already over the limit: 400 naming the limit, the file unchanged', async () => {
    const r = await write({ key: 'huge', frontmatter: { tags: ['t'] } });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/32 KB/);
    expect(onDisk('huge.md')).toBe(HUGE_FIELDS);
  });

  it('a field edit of a page whose YAML the indexer rejects: 422 invalid-page with the error and line the indexer reports', async () => {
    const indexed = (await getPage('aliased')).frontmatterError!;
    expect(indexed).toMatch(/^line 2: Unresolved alias/);
    const r = await write({ key: 'aliased', frontmatter: { summary: 'never shown' } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('invalid-page');
    expect(r.body.error).toContain(indexed);
    expect(onDisk('aliased.md')).toBe(UNRESOLVED);

    const mcp = await mcpWrite({ key: 'aliased', frontmatter: { tags: ['x'] } });
    expect(mcp.isError).toBe(true);
    expect(mcp.content[0]!.text).toMatch(/^invalid-page: .*line 2: Unresolved alias/);
  });

  it('a YAML syntax error is named at its own line', async () => {
    const indexed = (await getPage('bad-syntax')).frontmatterError!;
    expect(indexed).toMatch(/^line 4: /);
    const r = await write({ key: 'bad-syntax', body: '# new body\n' });
    expect(r.status).toBe(422);
    expect(r.body.error).toContain(indexed);
    expect(onDisk('bad-syntax.md')).toBe(BAD_SYNTAX);
  });

  it('fields within the limit land and read back as written', async () => {
    const summary = 's'.repeat(30 * 1024);
    expect((await write({ key: 'big-fields', frontmatter: { summary, tags: ['wide'] }, body: '# Big\n' })).status).toBe(200);
    const page = await getPage('big-fields');
    expect(page.summary).toBe(summary);
    expect(page.tags).toEqual(['wide']);
  });
});

describe("a page over the reader's maxFileBytes is refused", () => {
  let small: Fixture;
  let smallServer: Served;
  beforeAll(async () => {
    small = makeFixture({ 'page.md': '# Page\n' });
    fs.writeFileSync(path.join(small.dir, 'cairn.json'), JSON.stringify({ maxFileBytes: 2048 }));
    smallServer = await startServe(['--no-watch', '--db', small.db, small.root], cairnEnv(small.dir, { CAIRN_CONFIG: path.join(small.dir, 'cairn.json') }));
    await waitForIdle(smallServer.url);
  });
  afterAll(async () => {
    await smallServer?.stop();
    small?.cleanup();
  });

  it('400 naming the limit, the file unchanged; a page at the limit lands and reads back', async () => {
    const over = await api<Refusal>(smallServer.url, 'writePage', { key: 'page', body: `# Page\n${'x'.repeat(2100)}\n`, actor: 'alice' });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/maxFileBytes/);
    expect(over.body.error).toMatch(/2048/);
    expect(fs.readFileSync(path.join(small.root, 'page.md'), 'utf8')).toBe('# Page\n');
    const body = `# Page\n${'x'.repeat(2048 - 8)}\n`;
    expect((await api(smallServer.url, 'writePage', { key: 'page', body, actor: 'alice' })).status).toBe(200);
    expect((await api<PageRead>(smallServer.url, 'getPage', { key: 'page' })).body.body).toBe(body);
  });
});
