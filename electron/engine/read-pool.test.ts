// `cairn serve` reads on its reader threads (read-pool.ts), each with its own read-only connection:
// while another process holds the database's write lock, every search and page read is answered
// (counted, not timed), a write waits for the lock without holding up the reads, and once it is
// acknowledged the very next search and read on a reader see it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from './testing/wiki-fixture.ts';
import { api, cairnEnv, runCairn, startServe, type Served } from './testing/cairn-process.ts';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** Another process that takes the write lock of `db` and keeps it until its stdin closes. */
async function holdWriteLock(db: string): Promise<ChildProcess> {
  const code = `const db = new (require(${JSON.stringify(BETTER_SQLITE3)}))(${JSON.stringify(db)}, { nativeBinding: process.env.CAIRN_SQLITE_BINDING });
    db.exec('BEGIN IMMEDIATE'); db.exec("INSERT INTO meta (key, value) VALUES ('held', 'yes') ON CONFLICT(key) DO UPDATE SET value = 'yes'");
    process.stdout.write('holding\\n'); process.stdin.resume(); process.stdin.on('end', () => { db.exec('ROLLBACK'); db.close(); });`;
  const holder = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on('data', (c: Buffer) => c.toString().includes('holding') && resolve());
    holder.once('exit', (c) => reject(new Error(`the lock holder exited (${c})`)));
  });
  return holder;
}

let fx: Fixture | null = null;
let server: Served | null = null;
afterEach(async () => {
  await server?.stop();
  fx?.cleanup();
});

it('answers every search and page read while another process holds the write lock, and sees a write as soon as it is acknowledged', async () => {
  fx = makeFixture({ 'alpha.md': '# Alpha\nThe quartz lantern guides the reader.\n', 'beta.md': '# Beta\nSee [[alpha]] for the quartz lantern.\n' });
  const env = cairnEnv(fx.dir);
  expect((await runCairn(['index', '--db', fx.db, fx.root], env)).code).toBe(0);
  server = await startServe(['--no-watch', '--db', fx.db, fx.root], env);
  const url = server.url;

  const holder = await holdWriteLock(fx.db);
  const write = api<{ hashAfter: string }>(url, 'writePage', { key: 'gamma', actor: 'tester', body: '# Gamma\nA quartz lantern of its own: zircon.\n' });
  const reads = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? api<{ results: { key: string }[] }>(url, 'search', { query: 'quartz lantern', k: 5 })
        : api<{ key: string; body: string }>(url, 'getPage', { key: 'alpha' }),
    ),
  );
  const answered = reads.filter(
    (r) => r.status === 200 && ('results' in r.body ? r.body.results.some((x) => x.key === 'alpha') : r.body.body.includes('quartz')),
  );
  expect(answered).toHaveLength(20);
  // the write is still waiting for the lock: nothing of it shows yet
  expect((await api(url, 'getPage', { key: 'gamma' })).status).toBe(404);

  holder.stdin!.end();
  const written = await write;
  expect(written.body).toMatchObject({ hashAfter: expect.any(String) });
  const found = await api<{ results: { key: string }[] }>(url, 'search', { query: 'zircon', k: 5 });
  expect(found.body.results.map((r) => r.key)).toEqual(['gamma']);
  expect((await api<{ body: string }>(url, 'getPage', { key: 'gamma' })).body.body).toContain('zircon');
});
