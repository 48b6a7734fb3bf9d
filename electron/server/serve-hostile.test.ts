// `cairn serve` as a hostile client sees it: a real server process, raw sockets and real HTTP
// requests. No request may stop it, steer what it indexes, or be answered for a foreign page.
import http from 'node:http';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, cairnEnv, runCairn, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { MAX_REQUEST_BYTES } from '../../shared/limits.ts';

let fx: Fixture;
let server: Served;

beforeAll(async () => {
  fx = makeFixture({ 'a.md': '# A\n[[b]]', 'b.md': '# B\nfusion weights' });
  fs.mkdirSync(path.join(fx.dir, 'elsewhere'));
  fs.writeFileSync(path.join(fx.dir, 'elsewhere', 'secret.md'), '# Secret\nnot part of the wiki');
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
  await waitForIdle(server.url);
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

/** Sends `head` (and `body`) on a raw socket; the status code of the answer, or null when the socket closed without one. */
function raw(head: string, body = ''): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(head + body));
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data)?.[1];
      resolve(status ? Number(status) : null);
    });
    socket.on('error', () => {});
  });
}

/** A request with headers of our choosing (fetch would not let us set Host). */
function request(method: string, pathname: string, headers: Record<string, string>, body?: string | Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: pathname, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      // an event stream never ends: its head is the answer
      if (res.headers['content-type'] === 'text/event-stream') {
        resolve({ status: res.statusCode!, body: '' });
        res.destroy();
      }
    });
    req.on('error', reject);
    req.end(body);
  });
}

const host = () => `127.0.0.1:${server.port}`;

describe('cairn serve, attacked', () => {
  it('answers a malformed request target with 400 and keeps serving', async () => {
    for (const target of ['http://a:b', 'http://[::1', 'http://x:99999/', '*']) {
      expect(await raw(`GET ${target} HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`)).toBe(400);
    }
    expect((await api(server.url, 'status')).status).toBe(200);
  });

  it('never indexes a folder a request names, and keeps the configured roots', async () => {
    const other = path.join(fx.dir, 'elsewhere');
    for (const body of [{ roots: [other] }, { roots: [] }, { roots: ['/nonexistent'] }]) {
      const r = await api<{ error: string }>(server.url, 'reindex', body);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/roots come only from the command line, CAIRN_ROOTS or the config file/);
    }
    const status = await api<{ roots: string[]; pages: number }>(server.url, 'status');
    expect(status.body).toMatchObject({ roots: [fx.root], pages: 2 });
    expect((await api(server.url, 'getPage', { key: 'secret' })).status).toBe(404);
    expect((await api(server.url, 'getPage', { key: 'a' })).status).toBe(200);
  });

  it('refuses a foreign Host on every route, the event stream and the UI included', async () => {
    const evil = { host: `evil.example:${server.port}`, 'content-type': 'application/json' };
    expect(await request('POST', '/api/status', evil, '{}')).toMatchObject({
      status: 403,
      body: expect.stringMatching(/Host .{0,2}evil\.example:\d+.{0,2} is not this server/),
    });
    expect((await request('GET', '/api/events', evil)).status).toBe(403);
    expect((await request('GET', '/', evil)).status).toBe(403);
    expect((await request('GET', '/index.html', { host: 'localhost.evil.example' })).status).toBe(403);
    // the loopback names for this port all work
    for (const name of [host(), `localhost:${server.port}`]) {
      expect((await request('POST', '/api/status', { host: name, 'content-type': 'application/json' }, '{}')).status).toBe(200);
    }
  });

  it('refuses a foreign Origin, a cross-site fetch, and a state change without a JSON body', async () => {
    const json = { host: host(), 'content-type': 'application/json' };
    expect((await request('POST', '/api/reindex', { ...json, origin: 'http://evil.example' }, '{}')).status).toBe(403);
    expect((await request('POST', '/api/reindex', { ...json, origin: 'null' }, '{}')).status).toBe(403);
    expect((await request('GET', '/api/events', { host: host(), origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await request('POST', '/api/status', { ...json, 'sec-fetch-site': 'cross-site' }, '{}')).status).toBe(403);
    expect((await request('POST', '/api/reindex', { host: host(), 'content-type': 'text/plain' }, '{}')).status).toBe(415);
    expect((await request('POST', '/api/reindex', { host: host() }, '{}')).status).toBe(415);
    expect((await request('POST', '/api/status', { ...json, origin: `http://${host()}`, 'sec-fetch-site': 'same-origin' }, '{}')).status).toBe(200);
  });

  it('answers a body over the limit with 413, and filters past their bounds with 400', async () => {
    // refused by its declared length, before its body is read (sending it all would race the closing socket)
    expect(
      (await request('POST', '/api/search', { host: host(), 'content-type': 'application/json', 'content-length': String(MAX_REQUEST_BYTES + 1) }, '{')).status,
    ).toBe(413);
    const tags = await api<{ error: string }>(server.url, 'search', { query: 'fusion', filters: { tags: Array.from({ length: 990 }, (_, i) => `t${i}`) } });
    expect(tags).toMatchObject({ status: 400, body: { error: expect.stringMatching(/filters\.tags/) } });
    const tiers = await api(server.url, 'search', { query: 'fusion', filters: { tier: Array.from({ length: 40_000 }, () => 'wiki') } });
    expect(tiers.status).toBe(400);
    expect((await api(server.url, 'search', { query: 'fusion', filters: { tags: ['x'], tier: ['wiki', 'doc'] } })).status).toBe(200);
    const longKey = await api<{ error: string }>(server.url, 'getPage', { key: 'k'.repeat(900_000) });
    expect(longKey.status).toBe(400);
    expect(longKey.body.error.length).toBeLessThan(300);
  });

  it('serves many event streams without a listener leak', async () => {
    const streams = await Promise.all(Array.from({ length: 20 }, () => request('GET', '/api/events', { host: host() })));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expect((await api(server.url, 'reindex')).status).toBe(200);
    expect(server.stderr()).not.toMatch(/MaxListenersExceeded/);
  });

  it('writes pages only through the validated path: a stale baseHash is a 409, a path out of the root a 400', async () => {
    const first = await api<{ hashAfter: string }>(server.url, 'writePage', { key: 'b', body: '# B\nrevised', actor: 'agent-1' });
    expect(first.status).toBe(200);
    fs.appendFileSync(path.join(fx.root, 'b.md'), '\nedited by hand\n');
    expect((await api(server.url, 'writePage', { key: 'b', body: '# B\nagain', actor: 'agent-1', baseHash: first.body.hashAfter })).status).toBe(409);
    expect(fs.readFileSync(path.join(fx.root, 'b.md'), 'utf8')).toBe('# B\nrevised\nedited by hand\n');
    expect((await api(server.url, 'writePage', { key: 'secret', path: '../elsewhere/secret.md', body: 'owned', actor: 'x' })).status).toBe(400);
    expect(fs.readFileSync(path.join(fx.dir, 'elsewhere', 'secret.md'), 'utf8')).toBe('# Secret\nnot part of the wiki');
    expect((await api<{ entries: { actor: string }[] }>(server.url, 'audit', {})).body.entries.map((e) => e.actor)).toEqual(['agent-1']);
  });

  it('will not listen beyond loopback', async () => {
    const r = await runCairn(['serve', '--port', '0', '--host', '0.0.0.0', '--no-watch', '--db', path.join(fx.dir, 'other.db'), fx.root], cairnEnv(fx.dir));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/--host 0\.0\.0\.0 is not a loopback address/);
  });
});
