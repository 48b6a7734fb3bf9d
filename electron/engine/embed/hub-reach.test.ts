// Whether the hub can be reached, asked of real HTTP servers on loopback: a hub mirror holding the
// recommended model, one lacking it, a closed port, a server that never answers; and the answer kept
// for a while, on a clock the test moves, so a screen asking again does not ask the hub again.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHubMirror, type HubMirror } from '../testing/hub-mirror.ts';
import { writeTinyHubModel } from '../testing/tiny-model.ts';
import { HubReach } from './hub-reach.ts';
import { MODEL_CATALOG } from './model-catalog.ts';

const RECOMMENDED = MODEL_CATALOG[0]!.id;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-hub-reach-'));
let holding: HubMirror;
let lacking: HubMirror;

beforeAll(async () => {
  writeTinyHubModel(path.join(tmp, 'tiny'), 1);
  holding = await startHubMirror({ [RECOMMENDED]: path.join(tmp, 'tiny') });
  lacking = await startHubMirror({});
});
afterAll(async () => {
  await holding.close();
  await lacking.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Servers a test starts, closed after it. */
const opened: http.Server[] = [];
afterEach(async () => {
  for (const s of opened.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  opened.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A port nothing listens on: one the system handed out, then closed. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('whether the hub can be reached', () => {
  it('is reachable where the endpoint lists the recommended model', async () => {
    expect(await new HubReach({ endpoint: holding.endpoint }).ask()).toEqual({
      endpoint: holding.endpoint,
      model: RECOMMENDED,
      reachable: true,
      reason: null,
    });
  });

  it('says the endpoint lacks the model when it answers 404', async () => {
    const answer = await new HubReach({ endpoint: lacking.endpoint }).ask();
    expect(answer.reachable).toBe(false);
    expect(answer.reason).toBe(`${new URL(lacking.endpoint).host} has no ${RECOMMENDED} (it answered 404)`);
  });

  it('says in one line why a closed port cannot be reached', async () => {
    const endpoint = await closedPort();
    const answer = await new HubReach({ endpoint }).ask();
    expect(answer.reachable).toBe(false);
    expect(answer.reason).toMatch(new RegExp(`^${new URL(endpoint).host} cannot be reached: .*ECONNREFUSED`));
    expect(answer.reason).not.toContain('\n');
  });

  it('does not take a page that is not the hub’s model list (a captive portal’s) for the hub', async () => {
    const portal = await serve((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Sign in to the Wi-Fi</h1>'));
    expect(await new HubReach({ endpoint: portal }).ask()).toMatchObject({ reachable: false, reason: expect.stringContaining('other than the hub') });
    const redirect = await serve((_req, res) => res.writeHead(302, { location: 'http://127.0.0.1:1/login' }).end());
    expect(await new HubReach({ endpoint: redirect }).ask()).toMatchObject({ reachable: false, reason: expect.stringContaining('status 302') });
  });

  it('answers, rather than failing, when HF_ENDPOINT is not a URL', async () => {
    expect(await new HubReach({ endpoint: 'not a url' }).ask()).toMatchObject({ reachable: false, reason: expect.stringContaining('cannot be reached') });
  });

  it('gives up on an endpoint that never answers, and says so', async () => {
    // the request is held open until the test ends: only the probe's own time limit can end it
    const endpoint = await serve(() => {});
    const answer = await new HubReach({ endpoint, timeoutMs: 50 }).ask();
    expect(answer).toMatchObject({ reachable: false, reason: `${new URL(endpoint).host} did not answer within 0.05 s` });
  });

  it('asks once for callers at the same time and keeps the answer until it is old', async () => {
    const asked: string[] = [];
    const endpoint = await serve((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    let now = 0;
    const reach = new HubReach({ endpoint, keepMs: 30_000, now: () => now });
    const [a, b] = await Promise.all([reach.ask(), reach.ask()]);
    expect(a).toEqual(b);
    expect(asked).toEqual([`/api/models/${RECOMMENDED}/tree/main`]);
    now = 29_999;
    await reach.ask();
    expect(asked).toHaveLength(1);
    now = 30_000;
    await reach.ask();
    expect(asked).toHaveLength(2);
  });
});
