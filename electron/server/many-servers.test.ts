// Issue 22's "Done when": three real `cairn serve` processes on one PostgreSQL database and one
// wiki folder, 8 writers and 8 searchers spread over them over HTTP. Every acknowledged write must
// be on disk, in the index, and searchable through every server within 1 s of its acknowledgement;
// the leader is killed with SIGKILL halfway (once ACKS_EACH_SIDE writes were acknowledged): the others keep
// answering, one of them takes over the watcher (a file written straight into the folder after the
// kill is indexed, and one written before it took over), nothing acknowledged is lost.
//
// "Searchable within 1 s" is judged by when the search that found the page was sent, not answered:
// on a loaded 2-core machine an answer may take longer than a second, which says how busy the
// machine is, not whether the write was visible. After each acknowledgement its writer searches
// every live server for the write's marker at once, and again every 50 ms until found (20 s at
// most: beyond that it is lost). The figures are printed; the only bounds asserted are that 1 s and
// the takeover within seconds.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { percentile } from '../engine/eval/metrics.ts';
import { api, cairnEnv, startServe, waitForIdle, waitForWatcher, type Served } from '../engine/testing/cairn-process.ts';
import { freshPgDatabase, pgAdminUrl } from '../engine/testing/pg-test.ts';
import { until } from '../engine/testing/until.ts';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';

const WRITERS = 8;
const SEARCHERS = 8;
/** The load is counted, not timed: the leader is killed once this many writes were acknowledged,
 * and the load goes on until as many more were acknowledged after the kill (and the takeover's
 * checks are done), however fast or slow the machine is. */
const ACKS_EACH_SIDE = 24;
const VISIBLE_MS = 1000;
const LEADS = /this server leads/;

interface Ack {
  key: string;
  marker: string;
  root: string;
  path: string;
  hashAfter: string;
  /** The server that acknowledged it. */
  by: number;
  afterKill: boolean;
}

interface Found {
  /** From the acknowledgement to sending the search that found it. */
  sentMs: number;
  /** From the acknowledgement to that search's answer. */
  answeredMs: number;
  /** Searches sent until one found it (1: the first, sent at the acknowledgement, did). */
  tries: number;
}

const WORDS = ['harbour', 'lantern', 'granite', 'orchard', 'compass', 'meadow', 'furnace', 'glacier', 'saddle', 'willow', 'quarry', 'beacon'];

let fx: Fixture;
let servers: Served[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fx?.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The keys a lexical search for `text` finds through `server`, or why the request failed. */
async function search(server: Served, text: string): Promise<string[] | string> {
  const r = await api<{ results: { key: string }[] }>(server.url, 'search', { query: text, mode: 'lexical', k: 5 }).catch((err: Error) => err.message);
  if (typeof r === 'string') return r;
  return r.status === 200 ? r.body.results.map((x) => x.key) : `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
}

async function found(server: Served, text: string): Promise<string[] | null> {
  const r = await search(server, text);
  return typeof r === 'string' ? null : r;
}

/** Searches `server` for the write until it is found (when the finding search was sent and
 * answered), or the server is killed meanwhile ('gone'); null when not found within 20 s. A
 * search that fails while the server lives goes into `errors`. `live` says whether the test has
 * not killed it: its process object learns of the kill only once the exit is reaped, after the
 * search the kill cut short has already failed. */
async function whenFound(server: Served, live: () => boolean, ack: Ack, ackAt: number, errors: string[]): Promise<Found | 'gone' | null> {
  for (let tries = 1; performance.now() - ackAt < 20_000; tries++) {
    if (!live()) return 'gone';
    const sent = performance.now();
    const keys = await search(server, ack.marker);
    if (typeof keys !== 'string' && keys.includes(ack.key)) return { sentMs: sent - ackAt, answeredMs: performance.now() - ackAt, tries };
    if (typeof keys === 'string' && live()) errors.push(`search for ${ack.key} through live server ${server.url} failed: ${keys}`);
    await sleep(50);
  }
  return null;
}

describe.skipIf(!pgAdminUrl())('three cairn serve on one PostgreSQL database and one folder', () => {
  it('every acknowledged write is on disk, in the index and searchable everywhere within 1 s; the leader killed mid-load is taken over, nothing acknowledged lost', async () => {
    fx = makeFixture(
      Object.fromEntries(WORDS.map((w, i) => [`global/${w}.md`, `# ${w}\n\nA page about the ${w}, beside the ${WORDS[(i + 1) % WORDS.length]}.\n`])),
    );
    const db = await freshPgDatabase();
    const env = cairnEnv(fx.dir, { CAIRN_LEADER_RETRY_MS: '250', XDG_DATA_HOME: path.join(fx.dir, 'data') });
    servers = await Promise.all([0, 1, 2].map(() => startServe(['--db', db, fx.root], env)));
    await until('each server decided whether it leads', () => servers.every((s) => /server (on this database )?leads/.test(s.stderr())), 30_000);
    const leader = servers.find((s) => LEADS.test(s.stderr()))!;
    expect(servers.filter((s) => LEADS.test(s.stderr()))).toHaveLength(1);
    await waitForIdle(leader.url);
    await waitForWatcher(leader);

    // a write through one server reaches another's event stream
    const [listening, other] = servers.filter((s) => s !== leader) as [Served, Served];
    const events = new AbortController();
    let stream = '';
    const response = await fetch(new URL('api/events', listening.url), { signal: events.signal });
    void response
      .body!.pipeThrough(new TextDecoderStream())
      .pipeTo(new WritableStream({ write: (chunk) => void (stream += chunk) }))
      .catch(() => {});
    await api(other.url, 'writePage', { key: 'announced', body: '# Announced\n\nTold to every server.\n', actor: 'setup' });
    await until('the event reaches the other server', () => stream.includes('event: pagesChanged'));
    events.abort();

    let live = [...servers];
    const acks: Ack[] = [];
    const visible: Found[] = [];
    const lost: string[] = [];
    const errors: string[] = [];
    let searches = 0;
    const latencies: number[] = [];
    let killedAt = Infinity;
    const start = performance.now();
    // half the load before the kill, half after (the killer's checks included)
    let takenOver = false;
    const going = () => killedAt === Infinity || !takenOver || acks.filter((a) => a.afterKill).length < ACKS_EACH_SIDE;
    // the n-th worker's server, among those alive: writers and searchers of a dead one move on, as behind a load balancer
    const serverOf = (n: number) => live[n % live.length]!;

    const writer = async (w: number) => {
      for (let i = 0; going(); i++) {
        const server = serverOf(w);
        const key = `load-w${w}-${i}`;
        const marker = `zq${w}x${i}mark`;
        const t0 = performance.now();
        const r = await api<Ack & { code?: string }>(server.url, 'writePage', {
          key,
          body: `# Load ${w}.${i}\n\nWritten under load: ${marker}.\n`,
          actor: `writer${w}`,
        }).catch((err: Error) => ({ status: 0, body: { code: err.message } as Ack & { code?: string } }));
        const ackAt = performance.now();
        if (r.status !== 200) {
          if (live.includes(server)) errors.push(`write ${key} through a live server: ${r.status} ${r.body.code}`);
          continue;
        }
        latencies.push(ackAt - t0);
        const ack = {
          key,
          marker,
          root: r.body.root,
          path: r.body.path,
          hashAfter: r.body.hashAfter,
          by: servers.indexOf(server),
          afterKill: ackAt > killedAt,
        };
        acks.push(ack);
        for (const f of await Promise.all(live.map((s) => whenFound(s, () => live.includes(s), ack, ackAt, errors)))) {
          if (f && f !== 'gone') visible.push(f);
          else if (!f) lost.push(`${key}: not found within 20 s through one of the servers`);
        }
      }
    };
    const searcher = async (s: number) => {
      for (let i = 0; going(); i++) {
        const server = serverOf(WRITERS + s);
        const r = await api(server.url, 'search', {
          query: `${WORDS[(s * 5 + i) % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]}`,
          mode: 'hybrid',
          k: 10,
        }).catch((err: Error) => ({ status: 0, body: err.message }));
        searches++;
        if (r.status !== 200 && live.includes(server)) errors.push(`search through a live server: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    };

    const killer = async () => {
      await until(`${ACKS_EACH_SIDE} writes acknowledged before the kill`, () => acks.length >= ACKS_EACH_SIDE, 60_000);
      killedAt = performance.now();
      live = live.filter((s) => s !== leader);
      leader.proc.kill('SIGKILL');
      // written while no server watches: the next leader's catching-up run finds it
      fx.write('global/written-in-the-gap.md', '# Gap\n\nzqgapmark\n');
      const next = await until('another server leads', () => live.find((s) => LEADS.test(s.stderr())), 15_000, 20);
      const takeoverMs = performance.now() - killedAt;
      await waitForWatcher(next);
      const watchingMs = performance.now() - killedAt;
      fx.write('global/written-after-the-kill.md', '# Direct\n\nzqdirectmark\n');
      const written = performance.now();
      await until(
        'the file written after the kill is searchable everywhere',
        async () => (await Promise.all(live.map((s) => found(s, 'zqdirectmark')))).every((k) => k?.includes('written-after-the-kill')),
        30_000,
      );
      const directMs = performance.now() - written;
      await until(
        'the file written in the gap is searchable everywhere',
        async () => (await Promise.all(live.map((s) => found(s, 'zqgapmark')))).every((k) => k?.includes('written-in-the-gap')),
        30_000,
      );
      takenOver = true;
      return { takeoverMs, watchingMs, directMs, leaders: live.filter((s) => LEADS.test(s.stderr())).length };
    };

    const [kill] = await Promise.all([
      killer(),
      ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
      ...Array.from({ length: SEARCHERS }, (_, s) => searcher(s)),
    ]);
    const loadSeconds = (performance.now() - start) / 1000;

    // every acknowledged write: the file as acknowledged, and the index's page as written (through a live server)
    for (const a of acks) {
      const file = path.join(a.root, a.path);
      if (!fs.existsSync(file)) lost.push(`${a.key}: acknowledged but ${file} does not exist`);
      else if (createHash('sha1').update(fs.readFileSync(file)).digest('hex') !== a.hashAfter) lost.push(`${a.key}: the file is not what was acknowledged`);
      const page = await api<{ body: string }>(live[0]!.url, 'getPage', { key: a.key });
      if (page.status !== 200 || !page.body.body.includes(a.marker)) lost.push(`${a.key}: not in the index as written (${page.status})`);
    }

    const byServer = servers.map((_, i) => acks.filter((a) => a.by === i).length);
    const ms = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;
    console.log(
      [
        `load ${loadSeconds.toFixed(1)} s: ${acks.length} writes acknowledged (${(acks.length / loadSeconds).toFixed(1)}/s; by server ${byServer.join(' / ')}, the leader was #${servers.indexOf(leader)}; ${acks.filter((a) => a.afterKill).length} after the kill), each taking ${ms(latencies)}; ${searches} searches`,
        `found through every live server: the finding search sent ${ms(visible.map((f) => f.sentMs))}; answered ${ms(visible.map((f) => f.answeredMs))} (${visible.length} checks, ${visible.filter((f) => f.tries > 1).length} needing more than one search)`,
        `leader killed at ${((killedAt - start) / 1000).toFixed(1)} s: another led after ${kill.takeoverMs.toFixed(0)} ms, watching after ${kill.watchingMs.toFixed(0)} ms; a file written then was searchable everywhere ${kill.directMs.toFixed(0)} ms later`,
        `lost: ${lost.length}; errors through live servers: ${errors.length}`,
      ].join('\n'),
    );

    expect(errors.slice(0, 5)).toEqual([]);
    expect(lost.slice(0, 5)).toEqual([]);
    expect(acks.filter((a) => !a.afterKill).length).toBeGreaterThan(0);
    expect(acks.filter((a) => a.afterKill).length).toBeGreaterThan(0);
    expect(Math.max(...visible.map((f) => f.sentMs))).toBeLessThanOrEqual(VISIBLE_MS);
    expect(kill.leaders).toBe(1);
    expect(kill.takeoverMs).toBeLessThan(10_000);

    // the survivors stop cleanly
    expect(await Promise.all(live.map((s) => s.stop()))).toEqual([0, 0]);
  });
});
