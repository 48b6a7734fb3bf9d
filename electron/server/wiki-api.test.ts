// The wiki API for agents over real HTTP: a real server on a loopback port over a real wiki folder
// and index, asked with real requests (raw paths, so `..` and %2e%2e reach the server as sent).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSettings } from '../engine/config/settings.ts';
import { Engine } from '../engine/engine.ts';
import { engineApi } from '../engine/engine-api.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, runCairn } from '../engine/testing/cairn-process.ts';
import { startServer, type ServedEngine } from './serve.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const ALICE = 'alice-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef01';

let fx: Fixture;
let engine: Engine;
let served: ServedEngine; // what `cairn serve` hands the server
let open: http.Server; // loopback, no tokens: a person's server
let guarded: http.Server; // with tokens: agents'
const outside = () => path.join(fx.dir, 'outside');

beforeAll(async () => {
  fx = makeFixture({
    'global/a.md': '---\nsummary: the first page\ntags: [fusion]\n---\n# A\nfusion weights and [[b]]\n![[logo.png]]\n',
    'global/b.md': '# B\nreciprocal rank fusion\n',
    'global/guides/setup.md': '# Setup\nhow to set up the wiki\n',
    'global/img/logo.png': PNG,
    'user/alice/notes.md': '# Alice notes\nalice fusion notes\n',
    'user/bob/bob-notes.md': '# Bob notes\n',
  });
  fs.mkdirSync(outside());
  fs.writeFileSync(path.join(outside(), 'secret.md'), '# Secret\nnot part of the wiki\n');
  fs.writeFileSync(path.join(outside(), 'logo.png'), Buffer.concat([PNG, Buffer.from('SECRET')]));
  const settings = resolveSettings({ roots: [fx.root], db: fx.db, model: 'none', env: { CAIRN_CONFIG: path.join(fx.dir, 'no-config.json') } });
  engine = Engine.open({ ...settings, ignorePatterns: [] });
  await engine.reindex();
  served = engineApi(engine);
  open = await startServer(served, { port: 0, host: '127.0.0.1', uiDir: path.join(fx.dir, 'no-ui') });
  guarded = await startServer(served, { port: 0, host: '127.0.0.1', uiDir: path.join(fx.dir, 'no-ui'), tokens: { [ALICE]: 'alice', [BOB]: 'bob' } });
});

afterAll(async () => {
  for (const s of [open, guarded]) {
    s?.closeAllConnections();
    await new Promise((r) => s?.close(r));
  }
  void engine?.close();
  fx?.cleanup();
});

interface Answer<T> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
}

/** A request with the path exactly as given (no client-side normalising of `..` or %2e). */
function send<T = any>(
  server: http.Server,
  method: string,
  target: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const port = (server.address() as AddressInfo).port;
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c.toString()));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode!, body: body as T, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const read = (rel: string) => fs.readFileSync(path.join(fx.root, rel), 'utf8');

describe('the wiki API', () => {
  it('searches with q, k, mode, filters and the wikycore aliases, answering as the contract does', async () => {
    const r = await send(open, 'POST', '/api/wiki/search', { body: { q: 'fusion', k: 5, mode: 'hybrid', filters: { scope: 'global' } } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      query: 'fusion',
      mode: 'hybrid',
      fusion: expect.any(String),
      weights: expect.any(Object),
      lanes: { lexical: { state: 'ok' } },
    });
    expect(r.body.results.map((x: { key: string }) => x.key)).toEqual(expect.arrayContaining(['a', 'b']));
    expect(r.body.results.every((x: { scope: { kind: string } }) => x.scope.kind === 'global')).toBe(true);
    expect(r.body.results[0].lanes.lexical).toMatchObject({ rank: 1, score: expect.any(Number), contribution: expect.any(Number) });
    // the same answer POST /api/search gives
    const same = await send(open, 'POST', '/api/search', { body: { query: 'fusion', k: 5, filters: { scope: 'global' } } });
    expect(same.body.results.map((x: { key: string }) => x.key)).toEqual(r.body.results.map((x: { key: string }) => x.key));
    expect((await send(open, 'POST', '/api/wiki/search', { body: { q: 'fusion', mode: 'keyword' } })).body).toMatchObject({ mode: 'lexical' });
    const vector = await send(open, 'POST', '/api/wiki/search', { body: { q: 'fusion', mode: 'vector' } });
    expect(vector.body).toMatchObject({ mode: 'semantic', lanes: { semantic: { state: 'skipped' } } });
    const tuned = await send(open, 'POST', '/api/wiki/search', { body: { q: 'fusion', fusion: 'rrf', rrfK: 10, weights: { lexical: 3 } } });
    expect(tuned.body).toMatchObject({ fusion: 'rrf', rrfK: 10, weights: { lexical: 3 } });
    expect((await send(open, 'POST', '/api/wiki/search', { body: { q: 'fusion', mode: 'psychic' } })).status).toBe(400);
    expect((await send(open, 'POST', '/api/wiki/search', { body: { q: 'fusion', k: 0 } })).body).toMatchObject({
      code: 'bad-request',
      error: expect.stringMatching(/"k"/),
    });
    expect((await send(open, 'GET', '/api/wiki/search')).status).toBe(405);
  });

  it('reads a page by key, a path-style key and an agent, and says 404 for none', async () => {
    expect((await send(open, 'GET', '/api/wiki/pages/a')).body).toMatchObject({ key: 'a', path: 'global/a.md', summary: 'the first page' });
    expect((await send(open, 'GET', '/api/wiki/pages/guides/setup')).body).toMatchObject({ key: 'setup', path: 'global/guides/setup.md' });
    expect((await send(open, 'GET', '/api/wiki/pages/guides%2Fsetup')).body).toMatchObject({ key: 'setup' });
    expect((await send(open, 'GET', '/api/wiki/pages/other/setup')).status).toBe(404);
    expect((await send(open, 'GET', '/api/wiki/pages/notes?agent=alice')).body).toMatchObject({ key: 'notes', scope: { kind: 'user', agent: 'alice' } });
    expect((await send(open, 'GET', '/api/wiki/pages/notes')).status).toBe(404);
    expect((await send(open, 'GET', '/api/wiki/pages/nope')).body).toMatchObject({ code: 'not-found' });
    expect((await send(open, 'GET', '/api/wiki/pages/%E0%A4%A')).status).toBe(400);
  });

  it('writes a page with PUT; refuses missing refs (422, missing) and a stale baseHash (409) and writes nothing then', async () => {
    // a path-style key is the page's path in the root (here a scoped root: under global/)
    const created = await send(open, 'PUT', '/api/wiki/pages/global/guides/deploy', {
      body: { frontmatter: { summary: 'deploying' }, body: '# Deploy\nsee [[setup]]\n', actor: 'person-1' },
    });
    expect(created).toMatchObject({ status: 200, body: { key: 'deploy', path: 'global/guides/deploy.md', created: true } });
    expect(read('global/guides/deploy.md')).toContain('see [[setup]]');
    const missing = await send(open, 'PUT', '/api/wiki/pages/b', { body: { body: '# B\n[[ghost]] and [[phantom]]\n', actor: 'person-1' } });
    expect(missing).toMatchObject({ status: 422, body: { code: 'missing-refs', missing: ['ghost', 'phantom'] } });
    expect(read('global/b.md')).toBe('# B\nreciprocal rank fusion\n');
    const refs = await send(open, 'PUT', '/api/wiki/pages/b', { body: { frontmatter: { refs: ['nowhere'] }, actor: 'person-1' } });
    expect(refs).toMatchObject({ status: 422, body: { missing: ['nowhere'] } });
    const stale = await send(open, 'PUT', '/api/wiki/pages/b', { body: { body: '# B\nnew\n', actor: 'person-1', baseHash: '0'.repeat(40) } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(read('global/b.md')).toBe('# B\nreciprocal rank fusion\n');
    // without tokens a write must say who makes it
    expect((await send(open, 'PUT', '/api/wiki/pages/b', { body: { body: '# B\nx\n' } })).body).toMatchObject({
      code: 'bad-request',
      error: expect.stringMatching(/actor/),
    });
    // the page found by the last segment must be the one at that path
    expect((await send(open, 'PUT', '/api/wiki/pages/elsewhere/b', { body: { body: '# B\nx\n', actor: 'p' } })).status).toBe(409);
    expect(read('global/b.md')).toBe('# B\nreciprocal rank fusion\n');
    const ok = await send(open, 'PUT', '/api/wiki/pages/b', { body: { body: '# B\nrevised\n', actor: 'person-1' } });
    expect(ok.status).toBe(200);
    expect(read('global/b.md')).toBe('# B\nrevised\n');
    const again = await send(open, 'PUT', '/api/wiki/pages/b', { body: { body: '# B\nagain\n', actor: 'person-1', baseHash: ok.body.hashAfter } });
    expect(again.status).toBe(200);
    expect(read('global/b.md')).toBe('# B\nagain\n');
    expect((await send(open, 'PUT', '/api/wiki/pages/b', { body: { body: '# B\nlost\n', actor: 'person-1', baseHash: ok.body.hashAfter } })).status).toBe(409);
    // a PUT takes JSON only
    expect((await send(open, 'PUT', '/api/wiki/pages/b', { headers: { 'content-type': 'text/plain' } })).status).toBe(415);
  });

  it('lists dangling links, stale pages, skills and experts, and takes skill claims', async () => {
    fs.appendFileSync(path.join(fx.root, 'global/guides/setup.md'), 'see [[missing-page]]\n');
    await engine.reindex();
    const dangling = await send(open, 'GET', '/api/wiki/links/dangling');
    expect(dangling.status).toBe(200);
    expect(dangling.body.findings).toContainEqual(expect.objectContaining({ sourceKey: 'setup', target: 'missing-page', reason: 'missing-page' }));
    expect((await send(open, 'GET', '/api/wiki/links/stale')).body).toMatchObject({ pages: expect.any(Array) });
    const claim = await send(open, 'POST', '/api/wiki/skills/claims', {
      body: { agent: 'alice', skill: 'rank fusion', category: 'ai', level: 'proficient', docPath: 'notes', actor: 'alice' },
    });
    expect(claim).toMatchObject({ status: 200, body: { agent: 'alice', skill: 'rank-fusion', status: 'pending' } });
    const skills = await send(open, 'GET', '/api/wiki/skills?agent=alice&status=pending');
    expect(skills.body.registrations.map((r: { skill: string }) => r.skill)).toEqual(['rank-fusion']);
    expect((await send(open, 'GET', '/api/wiki/skills?status=bogus')).status).toBe(400);
    const experts = await send(open, 'GET', '/api/wiki/experts?domain=rank%20fusion&limit=3');
    expect(experts).toMatchObject({ status: 200, body: { domain: 'rank fusion', experts: [] } }); // pending claims make no expert
    expect((await send(open, 'GET', '/api/wiki/experts?limit=x&domain=a')).status).toBe(400);
    expect((await send(open, 'GET', '/api/wiki/experts')).body).toMatchObject({ code: 'bad-request', error: expect.stringMatching(/domain/) });
    expect((await send(open, 'GET', '/api/wiki/nothing-here')).status).toBe(404);
  });

  it("recalls, answers expert queries and records outcomes, the asker being the token's agent", async () => {
    // who asks is the token's agent (dispatch refuses a body naming another)
    expect((await send(guarded, 'POST', '/api/wiki/recall', { token: ALICE, body: { query: 'fusion', agent: 'bob' } })).status).toBe(403);
    const recall = await send(guarded, 'POST', '/api/wiki/recall', { token: ALICE, body: { query: 'fusion', role: 'researcher' } });
    expect(recall.status).toBe(200);
    const queryId = recall.body.queryId as string;
    expect(queryId).toMatch(/^q-[0-9a-f]{16}$/);
    const expert = await send(guarded, 'POST', '/api/wiki/expert', { token: ALICE, body: { domain: 'fusion' } });
    expect(expert).toMatchObject({ status: 200, body: { query_id: expect.stringMatching(/^q-/) } });
    const used = (recall.body.results as { key: string }[]).slice(0, 1).map((r) => r.key);
    const outcome = await send(guarded, 'POST', '/api/wiki/outcomes', { token: ALICE, body: { queryId, outcome: 'success', usedKeys: used } });
    expect(outcome).toMatchObject({ status: 200, body: { queryId } });
    const listed = await send(guarded, 'GET', `/api/wiki/outcomes?agent=alice&limit=10`, { token: ALICE });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain(queryId);
    const bobs = await send(guarded, 'GET', `/api/wiki/outcomes?agent=bob`, { token: ALICE });
    expect(JSON.stringify(bobs.body)).not.toContain(queryId);
  });

  it('describes itself as OpenAPI 3.1, from the contract', async () => {
    const doc = await send(open, 'GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/api/search'].post.summary).toMatch(/^Hybrid search/);
    expect(doc.body.paths['/api/wiki/search'].post.requestBody.content['application/json'].schema.properties.mode.enum).toContain('vector');
    expect(doc.body.paths['/api/wiki/pages/{key}']).toHaveProperty('get');
    expect(doc.body.paths['/api/wiki/pages/{key}']).toHaveProperty('put');
    expect(doc.body.paths['/api/wiki/experts'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['domain', 'limit']);
    expect(doc.body.components.schemas['search.response'].properties.results.type).toBe('array');
    expect(doc.body.components.schemas['writePage.request'].required).toContain('actor');
    const guardedDoc = await send(guarded, 'GET', '/api/openapi.json', { token: BOB });
    expect(guardedDoc.body.security).toEqual([{ bearer: [] }]);
  });
});

describe('tokens', () => {
  it('answers 401 without a token or with an unknown one, on every /api route', async () => {
    for (const [method, target, body] of [
      ['POST', '/api/status', {}],
      ['POST', '/api/wiki/search', { q: 'fusion' }],
      ['GET', '/api/wiki/pages/a', undefined],
      ['GET', '/api/openapi.json', undefined],
      ['GET', '/api/events', undefined],
    ] as const) {
      const none = await send(guarded, method, target, { body });
      expect(none.status, `${method} ${target}`).toBe(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect((await send(guarded, method, target, { body, token: 'x'.repeat(28) })).status).toBe(401);
      expect((await send(guarded, method, target, { body, headers: { authorization: `Basic ${ALICE}` } })).status).toBe(401);
    }
    expect((await send(guarded, 'POST', '/api/status', { body: {}, token: ALICE })).status).toBe(200);
  });

  it("makes the token's agent the actor of its writes, and keeps it out of other agents' spaces", async () => {
    const w = await send(guarded, 'PUT', '/api/wiki/pages/alice-page', {
      token: ALICE,
      body: { body: '# Alice page\n', path: 'user/alice/alice-page.md', agent: 'alice' },
    });
    expect(w).toMatchObject({ status: 200, body: { created: true, path: 'user/alice/alice-page.md' } });
    const audit = await send(open, 'POST', '/api/audit', { body: { key: 'alice-page' } });
    expect(audit.body.entries.map((e: { actor: string }) => e.actor)).toEqual(['alice']);
    // an actor naming someone else, another agent's space, or a path into it: 403, nothing written
    expect((await send(guarded, 'PUT', '/api/wiki/pages/a', { token: ALICE, body: { body: '# A\n', actor: 'bob' } })).status).toBe(403);
    expect((await send(guarded, 'PUT', '/api/wiki/pages/bob-notes', { token: ALICE, body: { body: '# owned\n', agent: 'bob' } })).body).toMatchObject({
      code: 'forbidden',
    });
    expect((await send(guarded, 'PUT', '/api/wiki/pages/evil', { token: ALICE, body: { body: '# owned\n', path: 'user/bob/evil.md' } })).status).toBe(403);
    expect((await send(guarded, 'PUT', '/api/wiki/pages/user/bob/evil', { token: ALICE, body: { body: '# owned\n' } })).status).toBe(403);
    expect(
      (await send(guarded, 'POST', '/api/writePage', { token: ALICE, body: { key: 'evil', path: 'global/../user/bob/evil.md', body: '# owned\n' } })).status,
    ).toBe(403);
    expect(fs.existsSync(path.join(fx.root, 'user/bob/evil.md'))).toBe(false);
    expect(read('user/bob/bob-notes.md')).toBe('# Bob notes\n');
    // a person's decisions are not an agent's
    expect((await send(guarded, 'POST', '/api/reindex', { token: ALICE, body: {} })).status).toBe(403);
    expect((await send(guarded, 'POST', '/api/decideSkill', { token: ALICE, body: { id: 1, verdict: 'approve' } })).status).toBe(403);
    // bob writes the shared space as himself
    const shared = await send(guarded, 'PUT', '/api/wiki/pages/shared-by-bob', { token: BOB, body: { body: '# Shared\n[[a]]\n' } });
    expect(shared).toMatchObject({ status: 200, body: { path: 'global/shared-by-bob.md' } });
    expect((await send(open, 'POST', '/api/audit', { body: { key: 'shared-by-bob' } })).body.entries[0].actor).toBe('bob');
  });

  it('keeps the Host and Origin checks with a valid token', async () => {
    const port = (guarded.address() as AddressInfo).port;
    expect((await send(guarded, 'GET', '/api/wiki/pages/a', { token: ALICE, headers: { host: `evil.example:${port}` } })).status).toBe(403);
    expect((await send(guarded, 'POST', '/api/wiki/search', { token: ALICE, body: { q: 'a' }, headers: { origin: 'http://evil.example' } })).status).toBe(403);
    expect((await send(guarded, 'GET', '/api/wiki/pages/a', { token: ALICE, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect(
      (
        await send(open, 'PUT', '/api/wiki/pages/a', {
          body: { body: 'x', actor: 'p' },
          headers: { host: `evil.example:${(open.address() as AddressInfo).port}` },
        })
      ).status,
    ).toBe(403);
    expect((await send(open, 'GET', '/api/wiki/links/dangling', { headers: { origin: 'null' } })).status).toBe(403);
    const r = await send(guarded, 'GET', '/api/wiki/pages/a', { token: ALICE });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('binds beyond loopback only with tokens, and reads them from CAIRN_TOKENS', async () => {
    await expect(startServer(served, { port: 0, host: '0.0.0.0' })).rejects.toThrow(
      /not a loopback address: binding beyond this machine needs per-agent tokens .*none are configured/,
    );
    const wide = await startServer(served, { port: 0, host: '0.0.0.0', tokens: { [ALICE]: 'alice' } });
    try {
      expect((await send(wide, 'POST', '/api/status', { body: {} })).status).toBe(401);
      expect((await send(wide, 'POST', '/api/status', { body: {}, token: ALICE })).status).toBe(200);
    } finally {
      wide.close();
      wide.closeAllConnections();
    }
    const refused = await runCairn(
      ['serve', '--port', '0', '--host', '0.0.0.0', '--no-watch', '--db', path.join(fx.dir, 'other.db'), fx.root],
      cairnEnv(fx.dir, { CAIRN_TOKENS: 'short=alice' }),
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/CAIRN_TOKENS entry 1 \(for agent "alice"\): a token is at least 16 characters/);
    expect(refused.err).not.toMatch(/short=/);
  });
});

describe('traversal', () => {
  const untouched = () => {
    expect(fs.readFileSync(path.join(outside(), 'secret.md'), 'utf8')).toBe('# Secret\nnot part of the wiki\n');
    expect(fs.readdirSync(outside()).sort()).toEqual(['logo.png', 'secret.md']);
    expect(fs.readdirSync(fx.dir).filter((f) => f.endsWith('.md'))).toEqual([]);
  };

  it('refuses keys that leave the root through the path, in every spelling', async () => {
    for (const target of [
      '/api/wiki/pages/../../outside/secret',
      '/api/wiki/pages/%2e%2e/%2e%2e/outside/secret',
      '/api/wiki/pages/%2E%2E%2F%2E%2E%2Foutside%2Fsecret',
      '/api/wiki/pages/..%5C..%5Coutside%5Csecret',
      '/api/wiki/pages/%2Ftmp%2Fsecret',
      '/api/wiki/pages/secret%00.md',
      '/api/wiki/pages/global/./a',
    ]) {
      const get = await send(open, 'GET', target);
      expect(get.status, `GET ${target}`).toBe(400);
      const put = await send(open, 'PUT', target, { body: { body: 'owned', actor: 'x' } });
      expect(put.status, `PUT ${target}`).toBe(400);
    }
    // double-encoded: decoded once, it is a literal name inside the root, never a parent
    const dbl = await send(open, 'PUT', '/api/wiki/pages/%252e%252e/%252e%252e/dbl', { body: { body: '# dbl\n', actor: 'x' } });
    expect(dbl.status).toBe(200);
    expect(dbl.body.path).toBe('%2e%2e/%2e%2e/dbl.md');
    expect(fs.existsSync(path.join(fx.root, '%2e%2e/%2e%2e/dbl.md'))).toBe(true);
    untouched();
  });

  it("refuses writePage's path and root fields out of the root: .., absolute, backslashes, NUL, %2e%2e, another root", async () => {
    const bad: Record<string, unknown>[] = [
      { key: 'secret', path: '../outside/secret.md' },
      { key: 'secret', path: 'global/../../outside/secret.md' },
      { key: 'secret', path: path.join(outside(), 'secret.md') },
      { key: 'secret', path: '..\\outside\\secret.md' },
      { key: 'secret', path: 'global\\..\\..\\outside\\secret.md' },
      { key: 'secret', path: 'secret\u0000.md' },
      { key: 'se\u0000cret' },
      { key: '../outside/secret' },
      { key: '/tmp/secret' },
      { key: 'secret', root: outside() },
      { key: 'secret', root: fx.dir, path: 'outside/secret.md' },
    ];
    for (const fields of bad) {
      const r = await send(open, 'POST', '/api/writePage', { body: { ...fields, body: 'owned', actor: 'x' } });
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body.code).toBe('bad-request');
    }
    // %2e%2e in a JSON field is not decoded by anyone: a literal folder name inside the root
    const enc = await send(open, 'POST', '/api/writePage', { body: { key: 'enc', path: '%2e%2e/enc.md', body: '# enc\n', actor: 'x' } });
    expect(enc.status).toBe(200);
    expect(fs.existsSync(path.join(fx.root, '%2e%2e/enc.md'))).toBe(true);
    untouched();
  });

  it('never writes or reads through a symlink out of the root', async () => {
    fs.symlinkSync(outside(), path.join(fx.root, 'global', 'linked'));
    fs.symlinkSync(path.join(outside(), 'secret.md'), path.join(fx.root, 'global', 'pointer.md'));
    await engine.reindex();
    const through = await send(open, 'POST', '/api/writePage', { body: { key: 'secret', path: 'global/linked/secret.md', body: 'owned', actor: 'x' } });
    expect(through.status).toBe(400);
    const fresh = await send(open, 'PUT', '/api/wiki/pages/global/linked/fresh', { body: { body: '# fresh\n', actor: 'x' } });
    expect(fresh.status).toBe(400);
    const deeper = await send(open, 'PUT', '/api/wiki/pages/global/linked/newdir/fresh', { body: { body: '# fresh\n', actor: 'x' } });
    expect(deeper.status).toBe(400);
    // a folder the wiki's owner linked in is indexed and read (by design, reported as a warning), never written
    expect((await send(open, 'GET', '/api/wiki/pages/linked/secret')).body).toMatchObject({ path: 'global/linked/secret.md' });
    expect((await send(open, 'PUT', '/api/wiki/pages/linked/secret', { body: { body: 'owned', actor: 'x' } })).status).toBe(400);
    expect((await send(open, 'POST', '/api/writePage', { body: { key: 'secret', body: 'owned', actor: 'x' } })).status).toBe(400);
    const pointer = await send(open, 'PUT', '/api/wiki/pages/pointer', { body: { body: 'owned', actor: 'x' } });
    expect(pointer.status).toBe(400);
    untouched();
  });

  it('reads attachments only inside the root: no .., absolute, NUL, backslash or symlinked folder', async () => {
    const ok = await send(open, 'POST', '/api/attachment', { body: { root: fx.root, path: 'global/img/logo.png' } });
    expect(ok).toMatchObject({ status: 200, body: { mime: 'image/png', base64: PNG.toString('base64') } });
    for (const fields of [
      { root: fx.root, path: '../outside/logo.png' },
      { root: fx.root, path: 'global/../../outside/logo.png' },
      { root: fx.root, path: path.join(outside(), 'logo.png') },
      { root: fx.root, path: '..\\outside\\logo.png' },
      { root: fx.root, path: 'global/img/logo.png\u0000' },
      { root: fx.root, path: '%2e%2e/outside/logo.png' },
      { root: outside(), path: 'logo.png' },
      { root: fx.dir, path: 'outside/logo.png' },
    ]) {
      const r = await send(open, 'POST', '/api/attachment', { body: fields });
      expect(r.status, JSON.stringify(fields)).toBe(400);
    }
    // the indexed image's folder swapped for a symlink out of the root
    fs.renameSync(path.join(fx.root, 'global/img'), path.join(fx.dir, 'img-moved'));
    fs.symlinkSync(outside(), path.join(fx.root, 'global/img'));
    try {
      const r = await send(open, 'POST', '/api/attachment', { body: { root: fx.root, path: 'global/img/logo.png' } });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).not.toContain(Buffer.concat([PNG, Buffer.from('SECRET')]).toString('base64'));
    } finally {
      fs.rmSync(path.join(fx.root, 'global/img'));
      fs.renameSync(path.join(fx.dir, 'img-moved'), path.join(fx.root, 'global/img'));
    }
    untouched();
  });
});
