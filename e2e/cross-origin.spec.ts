// A web page the user happens to visit, on another loopback port, tries to drive Cairn from a
// real Chromium: a no-cors text/plain POST (no preflight), a JSON fetch, and the event stream.
// None may reach the engine. Its own `cairn serve`, so no other spec's re-index blurs the check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api, type Served } from '../electron/engine/testing/cairn-process.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;
let cairn: Served;
let attacker: http.Server;
let attackerUrl: string;

const ATTACK = (target: string) => `<!doctype html><meta charset="utf-8"><title>cat pictures</title><script>
window.results = (async () => {
  const out = {};
  try {
    await fetch('${target}api/reindex', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{}' });
    out.noCors = 'sent';
  } catch (e) { out.noCors = 'blocked'; }
  try {
    const r = await fetch('${target}api/status', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    out.read = await r.text();
  } catch (e) { out.read = 'blocked'; }
  out.events = await new Promise((resolve) => {
    const es = new EventSource('${target}api/events');
    es.onopen = () => { es.close(); resolve('open'); };
    es.onerror = () => { es.close(); resolve('refused'); };
  });
  return out;
})();
</script>`;

test.beforeAll(async () => {
  own = await ownServer('origin');
  cairn = own.cairn;
  attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(ATTACK(cairn.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  attacker?.close();
  await own?.close();
});

test('a page on another origin can neither re-index nor read the wiki', async ({ page }) => {
  const before = (await api<{ lastRun: { finishedAt: string } }>(cairn.url, 'status')).body.lastRun.finishedAt;
  const refused: number[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(cairn.url)) refused.push(r.status());
  });
  await page.goto(attackerUrl);
  const results = await page.evaluate(() => (globalThis as unknown as { results: Promise<Record<string, string>> }).results);
  expect(results.read).toBe('blocked');
  expect(results.events).toBe('refused');
  // the no-cors POST got its (opaque) answer: had the server run it, the run would be over by now
  const after = (await api<{ lastRun: { finishedAt: string } }>(cairn.url, 'status')).body;
  expect(after.lastRun.finishedAt).toBe(before);
  expect(refused.length).toBeGreaterThan(0);
  expect(refused.every((s) => s === 403)).toBe(true);
});

test("the server's own page still works from its own origin", async ({ page }) => {
  await page.goto(`${cairn.url}#/status`);
  await expect(page.getByRole('list', { name: 'Index counts' }).locator('[data-count="pages"] .count-value')).toHaveText('35');
  await page.getByRole('button', { name: 'Re-index' }).click();
  await expect(page.getByRole('button', { name: 'Re-index' })).toBeEnabled();
  await expect(page.getByRole('region', { name: 'Last run' }).locator('[data-run="indexed"] dd')).toHaveText('0');
});
