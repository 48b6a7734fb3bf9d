// The reader threads of a server on PostgreSQL run below its main thread, which writes; on SQLite,
// and on the main thread itself, nothing is lowered. Nice values are read from /proc, as the
// scheduler sees them: real threads of this process and of real `cairn serve` processes.
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from './testing/wiki-fixture.ts';
import { freshPgDatabase, pgAdminUrl } from './testing/pg-test.ts';
import { api, cairnEnv, runCairn, startServe, type Served } from './testing/cairn-process.ts';
import { until } from './testing/until.ts';
import { lowerThisThread, READER_NICE } from './thread-priority.ts';

/** The nice value of each thread of process `pid`, by thread id (the 19th field of its stat). */
function niceOfThreads(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}

const lowered = (pid: number) => [...niceOfThreads(pid)].filter(([, nice]) => nice !== 0);

// a suite run at nice 10 or more leaves nothing to lower
describe.runIf(process.platform === 'linux' && os.getPriority() < READER_NICE)('reader threads that yield to writes', () => {
  let fx: Fixture | null = null;
  let server: Served | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
    fx?.cleanup();
    fx = null;
  });

  it('lowers the calling worker thread only, never the main thread', async () => {
    expect(lowerThisThread()).toBe(false);
    expect(niceOfThreads(process.pid).get(process.pid)).toBe(0);
    // the worker loads the module under test through tsx, as worker-code.ts has workers do, and lowers itself
    const tsx = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs')).href;
    const module = new URL('./thread-priority.ts', import.meta.url).href;
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
       import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}); })
         .then((m) => parentPort.postMessage({ tid, lowered: m.lowerThisThread() }), (e) => parentPort.postMessage({ tid, lowered: String(e) }));`,
      { eval: true },
    );
    try {
      const { tid, lowered: result } = await new Promise<{ tid: number; lowered: unknown }>((resolve) => worker.once('message', resolve));
      expect(result).toBe(true);
      expect(niceOfThreads(process.pid).get(tid)).toBe(READER_NICE);
      expect(niceOfThreads(process.pid).get(process.pid)).toBe(0);
    } finally {
      await worker.terminate();
    }
  });

  it('leaves every thread of a server on SQLite as it was', async () => {
    fx = makeFixture({ 'a.md': '# A\n\nquartz lantern\n' });
    const env = { ...cairnEnv(fx.dir), CAIRN_READERS: '2' };
    server = await startServe(['--no-watch', '--db', fx.db, fx.root], env);
    const answered = await Promise.all(Array.from({ length: 4 }, () => api(server!.url, 'search', { query: 'quartz', k: 5 })));
    expect(answered.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(lowered(server.proc.pid!)).toEqual([]);
  });

  it.runIf(pgAdminUrl())('runs the two reader threads of a server on PostgreSQL at nice 10, its main thread at 0', async () => {
    fx = makeFixture({ 'a.md': '# A\n\nquartz lantern\n' });
    const db = await freshPgDatabase();
    const env = { ...cairnEnv(fx.dir), CAIRN_READERS: '2' };
    expect((await runCairn(['index', '--db', db, fx.root], env)).code).toBe(0);
    server = await startServe(['--no-watch', '--db', db, fx.root], env);
    const found = await api<{ results: { key: string }[] }>(server.url, 'search', { query: 'quartz', k: 5 });
    expect(found.body.results.map((r) => r.key)).toEqual(['a']);
    const pid = server.proc.pid!;
    // each reader lowers itself as it starts: the one that answered has, the other soon will
    await until('both readers lowered', () => lowered(pid).length >= 2);
    expect(lowered(pid).map(([, nice]) => nice)).toEqual([READER_NICE, READER_NICE]);
    expect(niceOfThreads(pid).get(pid)).toBe(0);
  });
});
