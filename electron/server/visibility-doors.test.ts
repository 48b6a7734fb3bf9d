// Who sees what, through every door (issue 20, findings 1 and 2): every read method of the
// contract, asked by scout, builder and a person through the contract's HTTP route, the wiki
// route, MCP over stdio, MCP over HTTP and in-process `dispatch` (the IPC stand-in), on one real
// wiki and database served by real `cairn` processes. Scout's answers never carry builder's
// private key, title, words, concept or attachment; builder's and a person's do, so the test fails
// both ways. A read method with no row fails the test.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON, type Caller } from '../../shared/caller.ts';
import { contract, type CairnApi, type MethodName } from '../../shared/contract.ts';
import { bindApi } from '../../shared/dispatch.ts';
import { TOOLS } from '../mcp/tools.ts';
import { WIKI_ROUTES } from './wiki-routes.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, bearer, BUILDER_TOKEN, SCOUT_TOKEN, startPersonAndAgents, type PersonAndAgents, type Served } from '../engine/testing/cairn-process.ts';
import { cairnEnv } from '../engine/testing/cairn-process.ts';
import { mcpAgents, type McpAgents } from '../engine/testing/mcp-session.ts';

// a 1x1 PNG: builder's private attachment; its bytes (base64) are a secret too
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** What only builder's space holds: its page's key, title, words, tag and alias (a concept), the
 * missing page it links to, its attachment. Matched without case, except the alias's spelling. */
const SECRETS = ['zorblax', 'quillfeather', 'xylophonic', 'tesseract', 'glimmerwort'];
/** The concept only builder's page names, as it spells it (shared prose says "zeta wobble"). */
const CONCEPT = 'Zeta-Wobble';

const FILES: Record<string, string | Buffer> = {
  'global/hub.md': '---\ntitle: Hub\n---\n# Hub\n\nThe hub about sqlite maintenance links [[vacuum]].\n',
  'global/vacuum.md': '# Vacuum\n\nRun VACUUM after deleting many rows from the SQLite database; the zeta wobble matters.\n',
  'global/alpha.md': '# Alpha\n\nAlpha notes on compaction; the zeta wobble shows here too.\n',
  'user/builder/zorblax-plan.md':
    '---\ntitle: Quillfeather Manifesto\ntags: [glimmerwort]\naliases: [Zeta-Wobble]\nsources: [gone-zorblax-source.txt]\n---\n# Quillfeather Manifesto\n\nThe xylophonic tesseract plan for sqlite vacuum. See [[vacuum#zorblax-anchor]] and [[nowhere-zorblax]].\n\n![[zorblax.png]]\n',
  'user/builder/zorblax.png': PNG,
  'user/builder/2020-01-01.md': '---\ntags: [glimmerwort]\n---\n# 2020-01-01\n\nXylophonic tesseract progress on the glimmerwort sqlite work.\n',
  'user/builder/2020-01-02.md':
    '---\ntags: [glimmerwort]\n---\n# 2020-01-02\n\nMore xylophonic tesseract progress on the glimmerwort sqlite work for the hub.\n',
  'user/scout/scout-log.md': '# Scout log\n\nScout reads the [[hub]] about sqlite vacuum.\n',
};

type Viewer = 'scout' | 'builder' | 'person';
type Door = 'contract' | 'wiki' | 'mcp-stdio' | 'mcp-http' | 'dispatch';

interface Row {
  method: MethodName;
  label?: string;
  request: Record<string, unknown>;
  /** The wiki route's verb and path (with query string), and its JSON body. */
  wiki?: { verb: 'GET' | 'POST'; path: string; body?: Record<string, unknown> };
  /** The MCP tool and its arguments. */
  mcp?: { tool: string; args: Record<string, unknown> };
  /** Viewers whose answer carries nothing of builder's (a method only people may call, an answer of counts). */
  blind?: Viewer[];
}

const ROOT_OF = () => fx.root;

/** Every read method of the contract, each lane, kind and shape that reads differently. */
const ROWS: Row[] = [
  { method: 'status', request: {}, blind: ['scout', 'builder', 'person'] },
  ...(['hybrid', 'lexical', 'token', 'semantic'] as const).map((mode) => ({
    method: 'search' as const,
    label: mode,
    request: { query: 'sqlite vacuum plan', mode },
    wiki: { verb: 'POST' as const, path: '/wiki/search', body: { q: 'sqlite vacuum plan', mode } },
    mcp: { tool: 'wiki_search', args: { query: 'sqlite vacuum plan', mode, explain: true } },
    // no model is loaded: the semantic lane finds nothing for anyone
    ...(mode === 'semantic' ? { blind: ['scout', 'builder', 'person'] as Viewer[] } : {}),
  })),
  {
    // the graph lane from shared seeds: a concept only builder's page names must not lead scout anywhere
    method: 'search',
    label: 'graph lane (graphVia)',
    request: { query: 'compaction', mode: 'hybrid' },
    wiki: { verb: 'POST', path: '/wiki/search', body: { q: 'compaction' } },
    mcp: { tool: 'wiki_search', args: { query: 'compaction', explain: true } },
  },
  // a key only builder's space has: no agent named reads the shared space, so a person sees it only as builder (below)
  {
    method: 'getPage',
    request: { key: 'zorblax-plan' },
    wiki: { verb: 'GET', path: '/wiki/pages/zorblax-plan' },
    mcp: { tool: 'wiki_read', args: { key: 'zorblax-plan' } },
    blind: ['person'],
  },
  {
    method: 'getPage',
    label: 'as builder',
    request: { key: 'zorblax-plan', agent: 'builder' },
    wiki: { verb: 'GET', path: '/wiki/pages/zorblax-plan?agent=builder' },
    mcp: { tool: 'wiki_read', args: { key: 'zorblax-plan', agent: 'builder' } },
  },
  {
    method: 'getPage',
    label: 'backlinks of a shared page',
    request: { key: 'vacuum' },
    wiki: { verb: 'GET', path: '/wiki/pages/vacuum' },
    mcp: { tool: 'wiki_read', args: { key: 'vacuum' } },
  },
  // builder's page named by its place (root and path), as results and links now name pages
  {
    method: 'getPage',
    label: 'by place',
    request: { root: '<root>', path: 'user/builder/zorblax-plan.md' },
    wiki: { verb: 'GET', path: '/wiki/pages/user/builder/zorblax-plan?agent=builder' },
    mcp: { tool: 'wiki_read', args: { root: '<root>', path: 'user/builder/zorblax-plan.md' } },
  },
  { method: 'pages', request: {} },
  { method: 'pages', label: 'most linked', request: { order: 'most-linked', limit: 50 } },
  { method: 'attachment', request: { root: '<root>', path: 'user/builder/zorblax.png' } },
  {
    method: 'links',
    label: 'dangling',
    request: { kind: 'dangling' },
    wiki: { verb: 'GET', path: '/wiki/links/dangling' },
    mcp: { tool: 'wiki_links', args: { kind: 'dangling' } },
  },
  { method: 'links', label: 'anchors', request: { kind: 'anchors' } },
  { method: 'links', label: 'broken', request: { kind: 'broken' } },
  { method: 'links', label: 'orphans', request: { kind: 'orphans' } },
  { method: 'graph', label: 'whole wiki', request: { concepts: true } },
  { method: 'graph', label: 'around a shared page', request: { around: { key: 'vacuum' }, depth: 2, concepts: true } },
  { method: 'graph', label: 'around a page by place', request: { around: { root: '<root>', path: 'user/builder/zorblax-plan.md' }, depth: 1 } },
  { method: 'graphColumns', label: 'whole wiki', request: { concepts: true } },
  { method: 'graphColumns', label: 'around a shared page', request: { around: { key: 'vacuum' }, depth: 2, concepts: true } },
  { method: 'concepts', request: {} },
  // builder's note names the shared hub without linking it
  { method: 'mentions', request: { key: 'hub' } },
  {
    method: 'recall',
    label: 'from a page',
    request: { seed: { key: 'vacuum' }, hops: 2 },
    mcp: { tool: 'wiki_related', args: { seed: { key: 'vacuum' }, hops: 2 } },
  },
  {
    method: 'recall',
    label: 'from a query',
    request: { seed: { query: 'sqlite vacuum plan' }, hops: 2 },
    mcp: { tool: 'wiki_related', args: { seed: { query: 'sqlite vacuum plan' }, hops: 2 } },
  },
  {
    method: 'recall',
    label: 'from a page by place',
    request: { seed: { root: '<root>', path: 'user/builder/zorblax-plan.md' }, hops: 1 },
    mcp: { tool: 'wiki_related', args: { seed: { root: '<root>', path: 'user/builder/zorblax-plan.md' }, hops: 1 } },
  },
  { method: 'stalePages', request: {}, wiki: { verb: 'GET', path: '/wiki/links/stale' }, mcp: { tool: 'wiki_links', args: { kind: 'stale' } } },
  { method: 'sourceChanges', request: { key: 'zorblax-plan' }, blind: ['person'] },
  { method: 'sourceChanges', label: 'by place', request: { key: 'zorblax-plan', root: '<root>', path: 'user/builder/zorblax-plan.md' } },
  { method: 'sourceChanges', label: 'as builder', request: { key: 'zorblax-plan', agent: 'builder' } },
  { method: 'suggestTargets', request: { targets: ['manifesto'] }, blind: ['person'] },
  { method: 'suggestTargets', label: 'as builder', request: { targets: ['manifesto'], agent: 'builder' } },
  { method: 'skills', request: {}, wiki: { verb: 'GET', path: '/wiki/skills' } },
  { method: 'expert', request: { domain: 'sqlite-tuning' }, wiki: { verb: 'GET', path: '/wiki/experts?domain=sqlite-tuning' } },
  {
    method: 'knowledgeRecall',
    request: { query: 'sqlite vacuum plan', role: 'implementer' },
    wiki: { verb: 'POST', path: '/wiki/recall', body: { query: 'sqlite vacuum plan', role: 'implementer' } },
    mcp: { tool: 'knowledge_recall', args: { query: 'sqlite vacuum plan', role: 'implementer' } },
  },
  {
    method: 'knowledgeExpert',
    request: { domain: 'sqlite-tuning' },
    wiki: { verb: 'POST', path: '/wiki/expert', body: { domain: 'sqlite-tuning' } },
    mcp: { tool: 'knowledge_expert', args: { domain: 'sqlite-tuning' } },
  },
  { method: 'queryOutcomes', request: {}, wiki: { verb: 'GET', path: '/wiki/outcomes' }, mcp: { tool: 'query_outcomes', args: {} } },
  { method: 'audit', request: {} },
  // the models on offer and the one serving: nothing of anyone's pages
  { method: 'models', request: {}, blind: ['scout', 'builder', 'person'] },
  // whether the hub answers: nothing of anyone's pages
  { method: 'hubReach', request: {}, blind: ['scout', 'builder', 'person'] },
  // only a person consolidates: an agent is refused, a person's plan shows builder's old notes
  { method: 'consolidate', label: 'dryRun', request: { dryRun: true, actor: 'someone', olderThanDays: 1 }, blind: ['scout', 'builder'] },
];

/** Methods that change the wiki, the registry or the index's model: no row (consolidate's dry run has one). */
const WRITES: readonly MethodName[] = [
  'reindex',
  'writePage',
  'reviewPage',
  'archivePage',
  'fixLink',
  'fixLinks',
  'undo',
  'decideSkill',
  'registerSkill',
  'recordOutcome',
  'useModel',
  'rollbackModel',
];

let fx: Fixture;
let servers: PersonAndAgents;
let stdio: McpAgents;
const clients = new Map<string, Client>();
const inProcess = new Map<Viewer, CairnApi>();

beforeAll(async () => {
  fx = makeFixture(FILES);
  servers = await startPersonAndAgents(fx.root, fx.db, fx.dir);
  const { agents, person } = servers;
  // builder's own write (an audit entry naming its page), its approved skill with private evidence, its recall
  const written = await api(
    agents.url,
    'writePage',
    { key: 'zorblax-diary', agent: 'builder', body: '# Zorblax diary\n\nxylophonic entries.\n', baseHash: null },
    bearer(BUILDER_TOKEN),
  );
  expect(written.status).toBe(200);
  const claim = await api<{ id: number }>(
    agents.url,
    'registerSkill',
    { agent: 'builder', skill: 'sqlite-tuning', category: 'backend', level: 'expert', docPath: 'zorblax-plan' },
    bearer(BUILDER_TOKEN),
  );
  expect(claim.status, JSON.stringify(claim.body)).toBe(200);
  expect((await api(person.url, 'decideSkill', { id: claim.body.id, verdict: 'approve', actor: 'person' })).status).toBe(200);
  expect((await api(agents.url, 'knowledgeRecall', { query: 'xylophonic tesseract', role: 'implementer' }, bearer(BUILDER_TOKEN))).status).toBe(200);

  stdio = mcpAgents(['--db', fx.db, '--no-watch', fx.root], cairnEnv(fx.dir));
  for (const agent of ['scout', 'builder'] as const) clients.set(`mcp-stdio:${agent}`, await stdio.start(agent));
  clients.set('mcp-http:scout', await connect(agents, bearer(SCOUT_TOKEN)));
  clients.set('mcp-http:builder', await connect(agents, bearer(BUILDER_TOKEN)));
  clients.set('mcp-http:person', await connect(person, {}));
  const service = fx.engine().service;
  const callers: Record<Viewer, Caller> = { scout: { kind: 'agent', agent: 'scout' }, builder: { kind: 'agent', agent: 'builder' }, person: PERSON };
  for (const v of ['scout', 'builder', 'person'] as const) inProcess.set(v, bindApi(service, callers[v]));
}, 120_000);

afterAll(async () => {
  await Promise.all([...clients.values()].map((c) => c.close()));
  await stdio?.closeAll();
  await servers?.stop();
  fx?.cleanup();
});

async function connect(server: Served, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'visibility-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('mcp', server.url), { requestInit: { headers } }));
  return client;
}

const TOKEN: Record<'scout' | 'builder', string> = { scout: SCOUT_TOKEN, builder: BUILDER_TOKEN };

/** The request (or a tool's arguments) with the fixture's root filled in. */
function withRoot(request: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(request).replaceAll('<root>', ROOT_OF().replaceAll('\\', '\\\\'))) as Record<string, unknown>;
}
const requestOf = (row: Row) => withRoot(row.request);

/** The answer (or refusal) as text, as the viewer gets it through the door; null when the door has no such call. */
async function ask(row: Row, door: Door, viewer: Viewer): Promise<string | null> {
  const { agents, person } = servers;
  const server = viewer === 'person' ? person : agents;
  const headers = viewer === 'person' ? {} : bearer(TOKEN[viewer]);
  switch (door) {
    case 'contract':
      return JSON.stringify(await api(server.url, row.method, requestOf(row), headers));
    case 'wiki': {
      if (!row.wiki) return null;
      const res = await fetch(new URL(`api${row.wiki.path}`, server.url), {
        method: row.wiki.verb,
        headers: { ...headers, ...(row.wiki.body ? { 'content-type': 'application/json' } : {}) },
        body: row.wiki.body ? JSON.stringify(row.wiki.body) : undefined,
      });
      return JSON.stringify({ status: res.status, body: await res.text() });
    }
    case 'mcp-stdio':
    case 'mcp-http': {
      const client = clients.get(`${door}:${viewer}`);
      if (!row.mcp || !client) return null;
      return JSON.stringify(await client.callTool({ name: row.mcp.tool, arguments: withRoot(row.mcp.args) }));
    }
    case 'dispatch': {
      const call = inProcess.get(viewer)![row.method] as (r: unknown) => Promise<unknown>;
      return JSON.stringify(await call(requestOf(row)).catch((err: unknown) => ({ refused: String(err) })));
    }
  }
}

/** Every string the row sends: an answer may repeat what was asked (a key not found, a query). */
function asked(row: Row): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v, JSON.stringify(v).slice(1, -1));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([row.request, row.wiki, row.mcp]);
  return out.sort((a, b) => b.length - a.length);
}

/** What of builder's the answer carries beyond what was asked: its secrets found in the text. */
function leaked(row: Row, answer: string): string[] {
  const text = asked(row).reduce((t, s) => t.replaceAll(s, ''), answer);
  const lower = text.toLowerCase();
  const found = SECRETS.filter((s) => lower.includes(s));
  if (text.includes(CONCEPT)) found.push(CONCEPT);
  // the attachment's bytes as base64 (JSON may escape the slashes)
  if (text.includes(PNG.toString('base64').slice(0, 40))) found.push('zorblax.png bytes');
  return found;
}

/** The answer near where a secret shows, to say where it leaked. */
function around(text: string, secret: string): string {
  const at = text.toLowerCase().indexOf(secret.toLowerCase().slice(0, 20));
  return text.slice(Math.max(0, at - 120), at + 60);
}

const DOORS: Door[] = ['contract', 'wiki', 'mcp-stdio', 'mcp-http', 'dispatch'];
const VIEWERS: Viewer[] = ['scout', 'builder', 'person'];

describe('the table covers the contract and the doors', () => {
  it('every read method of the contract has a row, and every method is a read or a write', () => {
    const methods = Object.keys(contract) as MethodName[];
    const reads = methods.filter((m) => !WRITES.includes(m) || m === 'consolidate');
    expect(reads.filter((m) => !ROWS.some((r) => r.method === m))).toEqual([]);
    expect(WRITES.filter((m) => !methods.includes(m))).toEqual([]);
  });

  it('every wiki route and MCP tool of a read method is asked by some row', () => {
    const routes = WIKI_ROUTES.filter((r) => !WRITES.includes(r.method)).map((r) => `${r.verb} ${r.path}`);
    const asked = new Set(ROWS.flatMap((r) => (r.wiki ? [`${r.wiki.verb} ${r.wiki.path.split('?')[0]!.replace(/\/pages\/.*/, '/pages/{key+}')}`] : [])));
    expect(routes.filter((r) => !asked.has(r))).toEqual([]);
    const tools = Object.entries(TOOLS)
      .filter(([, t]) => !WRITES.includes(t.method))
      .map(([name]) => name);
    expect(tools.filter((t) => !ROWS.some((r) => r.mcp?.tool === t))).toEqual([]);
  });
});

describe("scout never sees builder's private space; builder and people do", () => {
  for (const row of ROWS) {
    it(`${row.method}${row.label ? ` (${row.label})` : ''}`, async () => {
      const problems: string[] = [];
      for (const door of DOORS) {
        for (const viewer of VIEWERS) {
          const text = await ask(row, door, viewer);
          if (text === null) continue;
          const found = leaked(row, text);
          if (viewer === 'scout' && found.length) problems.push(`${door}: scout sees ${found.join(', ')} in …${around(text, found[0]!)}…`);
          if (viewer !== 'scout' && !row.blind?.includes(viewer) && !found.length)
            problems.push(`${door}: ${viewer} sees nothing of builder's: ${text.slice(0, 300)}`);
        }
      }
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }
});
