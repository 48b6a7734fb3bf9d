// A symlink never carries a page into another space (issue 28, item 3): builder links scout's
// private folder, one of scout's pages, and a shared folder into places it sees; scout's pages
// stay scout's through every read door of a real `cairn serve` and of `cairn mcp`. A page's
// space is that of its real path, as for a write; a link out of every root is read as before.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, bearer, BUILDER_TOKEN, cairnEnv, SCOUT_TOKEN, startPersonAndAgents, type PersonAndAgents } from '../engine/testing/cairn-process.ts';
import { mcpAgents, type McpAgents } from '../engine/testing/mcp-session.ts';

let fx: Fixture;
let servers: PersonAndAgents;
let mcp: McpAgents;

beforeAll(async () => {
  fx = makeFixture({
    'global/hub.md': '# Hub\n\nShared notes.\n',
    'user/scout/private-plan.md': '# Private plan\n\nScout plans the quokkavault heist.\n',
    'user/scout/notes/deep.md': '# Deep\n\nScout keeps the quokkavault combination here.\n',
    'user/builder/own.md': '# Own\n\nBuilder page.\n',
  });
  const outside = path.join(fx.dir, 'elsewhere');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'outside-page.md'), '# Outside page\n\nLinked in from outside the root.\n');
  // builder's own links: a folder of scout's, one of scout's files, and everything under user/
  fs.symlinkSync('../scout', path.join(fx.root, 'user/builder/scoutlink'));
  fs.symlinkSync('../scout/private-plan.md', path.join(fx.root, 'user/builder/plan-copy.md'));
  fs.symlinkSync('..', path.join(fx.root, 'user/builder/everyone'));
  // a shared folder that is scout's space: every agent would read it
  fs.symlinkSync('../user/scout/notes', path.join(fx.root, 'global/scout-notes'));
  // out of every root: read as before, in the space of the link's path
  fs.symlinkSync(outside, path.join(fx.root, 'user/builder/outside'));
  servers = await startPersonAndAgents(fx.root, fx.db, fx.dir);
  mcp = mcpAgents(['--db', fx.db, '--no-watch', fx.root], cairnEnv(fx.dir));
}, 60_000);

afterAll(async () => {
  await mcp?.closeAll();
  await servers?.stop();
  fx?.cleanup();
});

const wikiGet = async (pathname: string, token: string) => {
  const res = await fetch(new URL(`api/wiki/pages/${pathname}`, servers.agents.url), { headers: bearer(token) });
  return { status: res.status, text: await res.text() };
};

describe("a symlink to another agent's space", () => {
  it("shows builder none of scout's pages, by path, by key, by search or through MCP", async () => {
    for (const p of [
      'user/builder/scoutlink/private-plan',
      'user/builder/plan-copy',
      'user/builder/everyone/scout/private-plan',
      'global/scout-notes/deep',
      'scout-notes/deep',
    ]) {
      const got = await wikiGet(p, BUILDER_TOKEN);
      expect({ p, status: got.status, leaked: got.text.includes('quokkavault') }).toEqual({ p, status: 404, leaked: false });
    }
    for (const key of ['private-plan', 'plan-copy', 'deep']) {
      expect((await api(servers.agents.url, 'getPage', { key }, bearer(BUILDER_TOKEN))).status).toBe(404);
    }
    const found = await api<{ results: { path: string }[] }>(
      servers.agents.url,
      'search',
      { query: 'quokkavault heist combination', mode: 'lexical' },
      bearer(BUILDER_TOKEN),
    );
    expect(found.body.results.map((r) => r.path)).toEqual([]);
    const builder = await mcp.start('builder');
    const read = (await builder.callTool({ name: 'wiki_read', arguments: { root: fx.root, path: 'user/builder/scoutlink/private-plan.md' } })) as {
      content: { text: string }[];
    };
    expect(read.content[0]!.text).not.toContain('quokkavault');
  });

  it('leaves scout its pages once each, at their real paths', async () => {
    const found = await api<{ results: { path: string }[] }>(
      servers.agents.url,
      'search',
      { query: 'quokkavault heist combination', mode: 'lexical' },
      bearer(SCOUT_TOKEN),
    );
    expect(found.body.results.map((r) => r.path).sort()).toEqual(['user/scout/notes/deep.md', 'user/scout/private-plan.md']);
    expect((await api<{ path: string }>(servers.agents.url, 'getPage', { key: 'private-plan' }, bearer(SCOUT_TOKEN))).body.path).toBe(
      'user/scout/private-plan.md',
    );
  });

  it('reads a link out of every root as before: in the space of its path, with a warning', async () => {
    const page = await wikiGet('user/builder/outside/outside-page', BUILDER_TOKEN);
    expect(page.status).toBe(200);
    expect((await wikiGet('user/builder/outside/outside-page', SCOUT_TOKEN)).status).toBe(404);
    const status = await api<{ pages: number }>(servers.person.url, 'status');
    // hub, scout's two, builder's own and the outside page: no page twice
    expect(status.body.pages).toBe(5);
  });
});
