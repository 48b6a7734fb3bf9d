// The wiki API's path-style key (`/api/wiki/pages/Folder/Templates`) over real HTTP, where two pages
// share the name: it reads and writes the page at that path, not the first page of the key; and a
// path naming an agent's own page (`user/bob/Plan`), which a person reads though no shared page has
// its name (the key alone reads the shared space only). Other agents are refused it:
// visibility-doors.test.ts.
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { startServer } from './serve.ts';

let fx: Fixture;
let server: http.Server;
const PLUGIN = '# Templates\n\nThe core plugin.\n';

beforeAll(async () => {
  fx = makeFixture({
    'Plugins/Templates.md': PLUGIN,
    'Obsidian Web Clipper/Templates.md': '# Templates\n\nClipper templates.\n',
    'global/Hub.md': '# Hub\n\nShared.\n',
    'user/bob/Plan.md': '# Plan\n\nBob keeps the quillfeather plan.\n',
  });
  const e = fx.engine();
  await e.reindex();
  server = await startServer(e, { port: 0, host: '127.0.0.1', uiDir: path.join(fx.dir, 'no-ui') });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  fx?.cleanup();
});

const url = (rel: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/wiki/pages/${rel}`;

it('reads and writes the page at a path-style key, of two with one name', async () => {
  const read = await fetch(url('Obsidian%20Web%20Clipper/Templates'));
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ path: 'Obsidian Web Clipper/Templates.md', body: expect.stringContaining('Clipper templates') });
  expect(await (await fetch(url('Plugins/Templates'))).json()).toMatchObject({ path: 'Plugins/Templates.md' });
  expect((await fetch(url('Elsewhere/Templates'))).status).toBe(404);

  const write = await fetch(url('Obsidian%20Web%20Clipper/Templates'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ frontmatter: { summary: 'clipping' }, actor: 'person-1' }),
  });
  expect(write.status, await write.clone().text()).toBe(200);
  expect(await write.json()).toMatchObject({ path: 'Obsidian Web Clipper/Templates.md', created: false });
  expect(fs.readFileSync(path.join(fx.root, 'Obsidian Web Clipper/Templates.md'), 'utf8')).toContain('summary: clipping');
  expect(fs.readFileSync(path.join(fx.root, 'Plugins/Templates.md'), 'utf8')).toBe(PLUGIN);
});

it("reads an agent's own page at its path-style key, as a person, with no agent named", async () => {
  const read = await fetch(url('user/bob/Plan'));
  expect(read.status, await read.clone().text()).toBe(200);
  expect(await read.json()).toMatchObject({ path: 'user/bob/Plan.md', scope: { kind: 'user', agent: 'bob' }, body: expect.stringContaining('quillfeather') });
  expect((await fetch(url('user/bob/Elsewhere'))).status).toBe(404);
  expect((await fetch(url('user/alice/Plan'))).status).toBe(404);
});
