// POST /api/wiki/skills/claims as an agent sends it: a real `cairn serve` with tokens, a claim in the
// fields of the registry file docs/agents.md shows (the agent is the token's, never named in the body).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { BUILDER_TOKEN, SCOUT_TOKEN, bearer, cairnEnv, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';

let fx: Fixture;
let server: Served;

beforeAll(async () => {
  fx = makeFixture({
    'global/sqlite-vec-needs-bigint-rowids.md': '# sqlite-vec needs BIGINT rowids\n\nvec0 inserts from better-sqlite3 fail unless the rowid is a BigInt.\n',
    'user/builder/notes.md': '# Builder notes\n',
    'user/scout/notes.md': '# Scout notes\n',
  });
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_TOKENS: `${BUILDER_TOKEN}=builder,${SCOUT_TOKEN}=scout` }));
  await waitForIdle(server.url, '', bearer(BUILDER_TOKEN));
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

/** The claim of the skills.yaml example of docs/agents.md, as a client posts it. */
const CLAIM = {
  skill: 'sqlite-vec',
  category: 'backend',
  level: 'expert',
  docPath: 'sqlite-vec-needs-bigint-rowids',
  claim: 'Found why vec0 inserts fail from better-sqlite3 and wrote up the fix.',
  aliases: ['vec0'],
};

async function claim(body: unknown, token = BUILDER_TOKEN) {
  const res = await fetch(new URL('api/wiki/skills/claims', server.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/wiki/skills/claims with a token', () => {
  it("registers the claim as the token's agent, pending, in its own skills.yaml", async () => {
    const res = await claim(CLAIM);
    expect(res.body).toMatchObject({ agent: 'builder', skill: 'sqlite-vec', level: 'expert', status: 'pending' });
    expect(res.status).toBe(200);
    expect(fs.readFileSync(path.join(fx.root, 'user', 'builder', 'skills.yaml'), 'utf8')).toContain('sqlite-vec');
  });

  it('takes a body naming the same agent, and refuses one naming another (nothing written there)', async () => {
    expect((await claim({ ...CLAIM, skill: 'fts5', agent: 'scout' }, SCOUT_TOKEN)).body).toMatchObject({ agent: 'scout', skill: 'fts5' });
    const other = await claim({ ...CLAIM, skill: 'vacuum', agent: 'scout' });
    expect(other.status).toBe(403);
    expect(other.body.error).toMatch(/builder/);
    expect(fs.readFileSync(path.join(fx.root, 'user', 'scout', 'skills.yaml'), 'utf8')).not.toContain('vacuum');
    // nor through the contract's own route
    const res = await fetch(new URL('api/registerSkill', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(BUILDER_TOKEN) },
      body: JSON.stringify({ ...CLAIM, skill: 'wal', agent: 'scout', actor: 'scout' }),
    });
    expect(res.status).toBe(403);
  });
});

describe("the route's OpenAPI request schema", () => {
  it("requires the claim's own fields, not the agent or actor a token supplies", async () => {
    const doc = (await (await fetch(new URL('api/openapi.json', server.url), { headers: bearer(SCOUT_TOKEN) })).json()) as any;
    const schema = doc.paths['/api/wiki/skills/claims'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['skill', 'category', 'level', 'docPath']);
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['agent', 'actor', 'claim', 'aliases']));
  });
});
