// Two processes writing one database, as users run them: `cairn serve` watching the wiki while
// `cairn index` runs in a terminal, and files changing all the while. Both must succeed, and the
// index they leave must be the one a clean run makes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cairnEnv, runCairn, startServe, waitForIdle, waitForWatcher } from '../testing/cairn-process.ts';
import { copyPages, INTERCONNECTED_10K, pictureOf } from '../testing/real-wiki.ts';
import { openBareConnection } from '../store/sqlite/database.ts';

const haveData = fs.existsSync(INTERCONNECTED_10K);
let dir: string;
let wiki: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-writers-'));
  wiki = path.join(dir, 'wiki');
  if (haveData) copyPages(INTERCONNECTED_10K, wiki, 1500);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rewrites, creates and deletes pages every `everyMs` until `stop()`; links in them appear and break. */
function keepChanging(names: string[], everyMs: number) {
  let i = 0;
  let last = new Date().toISOString();
  const timer = setInterval(() => {
    const n = i++;
    const target = path.join(wiki, names[n % 40]!);
    fs.appendFileSync(target, `\nEdit ${n}: see [[page-new-${n % 7}]] and [[${names[(n * 13) % names.length]!.replace(/\.md$/, '')}]].\n`);
    if (n % 5 === 0) fs.writeFileSync(path.join(wiki, `page-new-${n % 7}.md`), `# New ${n}\n[[${names[n % names.length]!.replace(/\.md$/, '')}]]\n`);
    if (n % 9 === 0) fs.rmSync(path.join(wiki, `page-new-${(n + 3) % 7}.md`), { force: true });
    last = new Date().toISOString();
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return last;
    },
  };
}

/** Waits until the server has indexed what changed up to `since` and has been quiet for a while. */
async function settle(url: string, since: string): Promise<void> {
  await waitForIdle(url, since);
  for (let quiet = 0; quiet < 8;) {
    await sleep(250);
    const { body } = await api<{ indexing: unknown }>(url, 'status');
    quiet = body.indexing ? 0 : quiet + 1;
  }
}

describe.skipIf(!haveData)('two writers on one database (interconnected-10k, 1,500 pages)', () => {
  it('cairn index beside a watching cairn serve while files change: both exit 0, the index equals a clean one', async () => {
    const db = path.join(dir, 'shared.db');
    const server = await startServe(['--db', db, wiki], cairnEnv(dir));
    await waitForIdle(server.url);
    await waitForWatcher(server);
    const names = fs
      .readdirSync(wiki)
      .filter((f) => f.endsWith('.md'))
      .sort();

    const changes = keepChanging(names, 60);
    const searches: number[] = [];
    const searching = (async () => {
      for (let n = 0; n < 40; n++) {
        searches.push((await api(server.url, 'search', { query: `Edit ${n} page`, mode: 'lexical' })).status);
        await sleep(50);
      }
    })();
    const first = await runCairn(['index', '--db', db, wiki], cairnEnv(dir));
    const second = await runCairn(['index', '--db', db, wiki], cairnEnv(dir));
    await searching;
    const lastChange = changes.stop();
    expect(first, first.err + first.out).toMatchObject({ code: 0 });
    expect(second, second.err + second.out).toMatchObject({ code: 0 });
    expect(searches.every((s) => s === 200)).toBe(true);

    await settle(server.url, lastChange);
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).not.toMatch(/failed|locked/);

    const clean = path.join(dir, 'clean.db');
    expect((await runCairn(['index', '--db', clean, wiki], cairnEnv(dir))).code).toBe(0);
    expect(pictureOf(db)).toEqual(pictureOf(clean));
  });

  it('a writer holding the lock longer than any busy timeout: the server keeps answering, the waiting writers finish', async () => {
    const db = path.join(dir, 'held.db');
    expect((await runCairn(['index', '--db', db, wiki], cairnEnv(dir))).code).toBe(0);
    const server = await startServe(['--db', db, wiki], cairnEnv(dir));
    await waitForIdle(server.url);
    await waitForWatcher(server);

    const holder = openBareConnection(db);
    holder.exec('BEGIN IMMEDIATE');
    let released = false;
    try {
      fs.appendFileSync(path.join(wiki, 'page-held.md'), '# Held\n[[page-new-1]]\n');
      const indexing = runCairn(['index', '--db', db, wiki], cairnEnv(dir));
      // the watcher's run has begun and waits for the lock ...
      for (let polls = 0; ; polls++) {
        expect(polls, "the server never showed its watcher's run under way").toBeLessThan(300);
        const { body } = await api<{ indexing: unknown }>(server.url, 'status');
        if (body.indexing) break;
        await sleep(100);
      }
      // ... and a search is answered all the same, before the lock is let go
      const answer = await api<{ results: unknown[] }>(server.url, 'search', { query: 'page', mode: 'lexical' });
      expect(answer.status).toBe(200);
      expect(released).toBe(false);
      await sleep(6000); // past the 5 s busy timeout a blocking writer would give up after
      holder.exec('COMMIT');
      released = true;
      const since = new Date().toISOString();
      const r = await indexing;
      expect(r, r.err + r.out).toMatchObject({ code: 0 });
      await settle(server.url, since);
    } finally {
      if (!released) holder.exec('ROLLBACK');
      holder.close();
    }
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).not.toMatch(/failed|locked/);
    const clean = path.join(dir, 'clean-held.db');
    expect((await runCairn(['index', '--db', clean, wiki], cairnEnv(dir))).code).toBe(0);
    expect(pictureOf(db)).toEqual(pictureOf(clean));
  });
});
