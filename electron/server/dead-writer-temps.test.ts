// Staged files of a `cairn serve` killed with kill -9: each write flushes its bytes to a temp file
// beside the page before it waits for the database's write lock, so a server killed while writes
// wait leaves them behind. The next server removes them when it starts, even when it has the dead
// one's pid, as every restart of a container does (its server is pid 1 each time); and only
// Cairn's own: a file that merely looks like one stays.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { api, cairnEnv, startServe, waitForIdle, type Served } from '../engine/testing/cairn-process.ts';
import { until } from '../engine/testing/until.ts';
import { isTempName } from '../engine/ingest/temp-files.ts';

/** A server in a pid namespace of its own, where it is pid 1, as in a container. */
const AS_CONTAINER = ['unshare', '--pid', '--fork', '--mount-proc'];

let fx: Fixture;
let served: Served | undefined;
afterAll(async () => {
  if (served) await stop(served, 'SIGTERM');
  fx?.cleanup();
});

/** Another process holding the index's write lock until `release()`. */
async function holdWriteLock(db: string): Promise<{ release(): Promise<void> }> {
  const script = `const D = require('better-sqlite3'); const db = new D(process.argv[1], { nativeBinding: process.env.CAIRN_SQLITE_BINDING }); db.exec('BEGIN IMMEDIATE'); process.stdout.write('locked\\n'); process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.exit(0); });`;
  const proc: ChildProcess = spawn(process.execPath, ['-e', script, db], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  process.once('exit', () => proc.kill('SIGKILL'));
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.once('data', () => resolve());
    proc.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  const exited = new Promise((r) => proc.once('exit', r));
  return {
    async release() {
      proc.stdin!.write('go\n');
      await exited;
    },
  };
}

/** Signals the server itself, pid 1 of its namespace, the child of unshare (which ignores SIGTERM while it waits). */
async function stop(server: Served, signal: NodeJS.Signals): Promise<void> {
  const unshare = server.proc.pid!;
  const child = Number(fs.readFileSync(`/proc/${unshare}/task/${unshare}/children`, 'utf8').trim().split(' ')[0]);
  process.kill(child, signal);
  await server.stop();
}

function tempsUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((rel) => isTempName(path.basename(rel))).sort();
}

function canUnshare(): boolean {
  try {
    execFileSync(AS_CONTAINER[0]!, [...AS_CONTAINER.slice(1), 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

it('a server killed with kill -9 while writes wait leaves staged files that the next server, with the same pid, removes at start', async (ctx) => {
  if (!canUnshare()) return ctx.skip('unshare --pid is not allowed here (needs root): no two servers can have the same pid');
  fx = makeFixture({ 'home.md': '# Home\n', 'notes/deep/page.md': '# Page\n', 'user/builder/own.md': '# Own\n' });
  fs.mkdirSync(path.join(fx.root, '.cairn'));
  const env = cairnEnv(fx.dir);
  served = await startServe(['--no-watch', '--db', fx.db, fx.root], env, AS_CONTAINER);
  await waitForIdle(served.url);
  const lock = await holdWriteLock(fx.db);
  const url = served.url;
  const writes = ['home', 'fresh-one'].map((key) =>
    api(url, 'writePage', { key, path: `${key}.md`, body: `# ${key}\n\nrewritten\n`, actor: 'editor' }).catch(() => null),
  );
  // the first write has flushed its bytes and waits for the lock (the other queues behind it in the server)
  await until('a write staged', () => tempsUnder(fx.root).length > 0);
  await stop(served, 'SIGKILL');
  served = undefined;
  await Promise.all(writes);
  await lock.release();
  // more of the dead server's: in a root's .cairn/ (the registry's), in a folder and an agent's space
  const staged = tempsUnder(fx.root)[0]!;
  expect(staged).toMatch(/\.cairn-1-/);
  for (const rel of ['.cairn/.skills.json', 'notes/deep/.page.md', 'user/builder/.own.md'])
    fs.copyFileSync(path.join(fx.root, staged), path.join(fx.root, `${rel}.cairn-1-0123abcd.tmp`));
  // and a file that only looks like a temp file
  fs.writeFileSync(path.join(fx.root, '.notes.md.cairn-x-0123abcd.tmp'), 'an editor of its own\n');
  expect(tempsUnder(fx.root).length).toBeGreaterThanOrEqual(4);

  const restarted = new Date().toISOString();
  served = await startServe(['--no-watch', '--db', fx.db, fx.root], env, AS_CONTAINER);
  await waitForIdle(served.url, restarted);
  expect(tempsUnder(fx.root)).toEqual([]);
  expect(fs.readFileSync(path.join(fx.root, '.notes.md.cairn-x-0123abcd.tmp'), 'utf8')).toBe('an editor of its own\n');
  expect(fs.readFileSync(path.join(fx.root, 'home.md'), 'utf8')).toBe('# Home\n');
});
