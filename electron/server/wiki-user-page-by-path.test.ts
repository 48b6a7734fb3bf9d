// The wiki API's path-style key naming an agent's own page (`/api/wiki/pages/user/bob/Plan`) over
// real HTTP: a person reads it at that path, though no shared page has its name (the key alone
// reads the shared space only). Other agents are refused it: visibility-doors.test.ts.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { startServer } from './serve.ts';

let fx: Fixture;
let server: http.Server;

beforeAll(async () => {
  fx = makeFixture({ 'global/Hub.md': '# Hub\n\nShared.\n', 'user/bob/Plan.md': '# Plan\n\nBob keeps the quillfeather plan.\n' });
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

it("reads an agent's own page at its path-style key, as a person, with no agent named", async () => {
  const read = await fetch(url('user/bob/Plan'));
  expect(read.status, await read.clone().text()).toBe(200);
  expect(await read.json()).toMatchObject({ path: 'user/bob/Plan.md', scope: { kind: 'user', agent: 'bob' }, body: expect.stringContaining('quillfeather') });
  expect((await fetch(url('user/bob/Elsewhere'))).status).toBe(404);
  expect((await fetch(url('user/alice/Plan'))).status).toBe(404);
});
