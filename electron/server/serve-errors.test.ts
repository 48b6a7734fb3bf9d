// How `cairn serve` answers what it cannot do, as a client meets it over real HTTP: every refusal
// carries a code from the contract's list, at the status that code maps to; a locked database is
// "try again" (503, Retry-After), a damaged one says so by its own code; a repeated Host and a
// body that is not UTF-8 are refused rather than read loosely.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors.ts';
import { api, cairnEnv, runCairn, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { garble } from '../engine/testing/garble.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { RENDERER_DIST } from './serve.ts';
import { MAX_REQUEST_BYTES } from '../../shared/limits.ts';
import { openBareConnection } from '../engine/store/sqlite/database.ts';

let fx: Fixture;
let server: Served;

beforeAll(async () => {
  fx = makeFixture({ 'a.md': '# A\n[[b]]', 'b.md': '# B\nfusion weights' });
  // a lock held past this is answered as busy; the default (two minutes) is for real waits
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_LOCK_WAIT_MS: '300' }));
  await waitForIdle(server.url);
});

afterAll(async () => {
  await server?.stop();
  fx?.cleanup();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { code?: string; error?: string };
}

/** A request with headers and body of our choosing (fetch would set Host and encode the body itself). */
function request(method: string, pathname: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method, path: pathname, headers: { host: host(), ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: parsed(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `head` and `body` on a raw socket (to repeat a header, which http.request will not); the status and JSON body. */
function raw(head: string, body = ''): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(head + body));
    let data = '';
    socket.on('data', (c) => (data += c.toString()));
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      // the JSON of a chunked body, without the chunk sizes around it
      const body = data.slice(data.indexOf('\r\n\r\n') + 4);
      resolve({ status, headers: {}, body: parsed(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) });
    });
    socket.on('error', () => {});
  });
}

function parsed(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return { error: text };
  }
}

const host = () => `127.0.0.1:${server.port}`;
const JSON_TYPE = { 'content-type': 'application/json' };

/** The refusal as every client may rely on it: a status, and a body with a known code and a sentence. */
function expectRefusal(a: Answer, status: number, code: string): void {
  expect({ status: a.status, code: a.body.code }).toEqual({ status, code });
  expect(ERROR_CODES).toContain(a.body.code);
  expect(a.body.error).toEqual(expect.any(String));
}

describe('cairn serve, refusing', () => {
  it('gives every refusal a code, at the status for that code', async () => {
    expectRefusal(await raw(`GET * HTTP/1.1\r\nHost: ${host()}\r\nConnection: close\r\n\r\n`), 400, 'bad-request');
    expectRefusal(await request('POST', '/api/status', { ...JSON_TYPE, host: `evil.example:${server.port}` }, '{}'), 403, 'forbidden');
    expectRefusal(await request('POST', '/api/status', { ...JSON_TYPE, origin: 'http://evil.example' }, '{}'), 403, 'forbidden');
    expectRefusal(await request('POST', '/api/status', { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' }, '{}'), 403, 'forbidden');
    expectRefusal(await request('POST', '/api/status', { 'content-type': 'text/plain' }, '{}'), 415, 'unsupported-media-type');
    expectRefusal(await request('POST', '/api/status', JSON_TYPE, '{not json'), 400, 'bad-request');
    // refused by its declared length, before its body is read (sending it all would race the closing socket)
    expectRefusal(await request('POST', '/api/search', { ...JSON_TYPE, 'content-length': String(MAX_REQUEST_BYTES + 1) }, '{'), 413, 'too-large');
    expectRefusal(await request('POST', '/api/nonexistent', JSON_TYPE, '{}'), 404, 'not-found');
    expectRefusal(await request('GET', '/api/openapi.json/x', {}), 404, 'not-found');
    expectRefusal(await request('POST', '/api/events', JSON_TYPE, '{}'), 405, 'method-not-allowed');
    expectRefusal(await request('POST', '/api/openapi.json', JSON_TYPE, '{}'), 405, 'method-not-allowed');
    expectRefusal(await request('POST', '/index.html', JSON_TYPE, '{}'), 405, 'method-not-allowed');
    expectRefusal(await request('GET', '/api/wiki/nowhere', {}), 404, 'not-found');
    expectRefusal(await request('GET', '/api/wiki/pages/%zz', {}), 400, 'bad-request');
    // without a built UI, a page of it is not found, and the answer says why
    if (!fs.existsSync(path.join(RENDERER_DIST, 'index.html'))) expectRefusal(await request('GET', '/index.html', {}), 404, 'not-found');
  });

  it('answers a method a route does not take with 405 method-not-allowed and the methods it does', async () => {
    for (const [pathname, allow] of [
      ['/api/wiki/pages/a', 'GET, PUT'],
      ['/api/search', 'POST'],
      ['/api/events', 'GET'],
    ] as const) {
      const a = await request('DELETE', pathname, {});
      expectRefusal(a, 405, 'method-not-allowed');
      expect(a.headers.allow).toBe(allow);
    }
  });

  it('answers a review of a page that does not exist with 404 not-found, and writes nothing', async () => {
    const a = await api<{ code: string; error: string }>(server.url, 'reviewPage', { key: 'no-such-page', actor: 'reviewer' });
    expect(a).toMatchObject({ status: 404, body: { code: 'not-found', error: expect.stringMatching(/no-such-page/) } });
    expect(fs.readdirSync(fx.root).sort()).toEqual(['a.md', 'b.md']);
  });

  it('refuses a request with two Host headers, even when the first names this server', async () => {
    for (const hosts of [
      [host(), 'evil.example'],
      [host(), host()],
    ]) {
      const head = `POST /api/status HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`;
      const a = await raw(head, '{}');
      expectRefusal(a, 400, 'bad-request');
      expect(a.body.error).toMatch(/Host/);
    }
  });

  it('refuses a JSON body that is not UTF-8, naming the byte, and writes nothing', async () => {
    const body = Buffer.concat([Buffer.from('{"key":"a","body":"# A\\ncaf'), Buffer.from([0xe9]), Buffer.from('\\n","actor":"agent-1"}')]);
    const a = await request('POST', '/api/writePage', JSON_TYPE, body);
    expectRefusal(a, 400, 'bad-request');
    expect(a.body.error).toMatch(/not valid UTF-8 at byte 27/);
    expect(fs.readFileSync(`${fx.root}/a.md`, 'utf8')).toBe('# A\n[[b]]');
    // a body that is UTF-8, U+FFFD included, is read as sent
    expect((await request('POST', '/api/search', JSON_TYPE, Buffer.from('{"query":"fusion \uFFFD"}'))).status).toBe(200);
  });

  it('answers a write while another process holds the database with 503 busy and Retry-After; the write goes through after', async () => {
    const holder = openBareConnection(fx.db);
    holder.exec('BEGIN IMMEDIATE');
    let a: Answer;
    try {
      a = await request('POST', '/api/writePage', JSON_TYPE, JSON.stringify({ key: 'b', body: '# B\nlocked out\n', actor: 'agent-1' }));
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
    expectRefusal(a, 503, 'busy');
    expect(a.body.error).toMatch(/locked by another process/);
    expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    expect(fs.readFileSync(`${fx.root}/b.md`, 'utf8')).toBe('# B\nfusion weights');
    expect((await api(server.url, 'writePage', { key: 'b', body: '# B\nfusion weights, again\n', actor: 'agent-1' })).status).toBe(200);
  });
});

describe('cairn serve on a damaged index', () => {
  it('answers with the code damaged and the message that says what to do, not 500 internal', async () => {
    const broken = makeFixture(
      Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`p${i}.md`, `# Page ${i}\n${'fusion weights lexical lane '.repeat(200)}\n`])),
    );
    try {
      expect((await runCairn(['index', '--db', broken.db, broken.root], cairnEnv(broken.dir))).code).toBe(0);
      garble(broken.db, 'chunks_fts_data');
      const s = await startServe(['--no-watch', '--db', broken.db, broken.root], cairnEnv(broken.dir));
      try {
        const a = await api<{ code: string; error: string }>(s.url, 'search', { query: 'fusion', mode: 'lexical' });
        expect(a.body.code).toBe('damaged');
        expect(a.status).toBe(500);
        expect(a.body.error).toContain(`the index database ${broken.db} is damaged`);
      } finally {
        await s.stop();
      }
    } finally {
      broken.cleanup();
    }
  });
});
