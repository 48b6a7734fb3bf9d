// `cairn serve` with CAIRN_LOOP_DELAY=1 tells how long its event loop was held up, when asked
// (SIGUSR2) and when it stops; without it, nothing is sampled or said. bench:agents reads these lines.
import { afterEach, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../engine/testing/wiki-fixture.ts';
import { cairnEnv, startServe } from '../engine/testing/cairn-process.ts';

const LINE = /event loop delay \((since the last report|at exit)\): max (\d+\.\d) ms, p99 (\d+\.\d) ms, mean (\d+\.\d) ms over (\d+\.\d) s/g;

let fx: Fixture | null = null;
afterEach(() => fx?.cleanup());

it.skipIf(process.platform === 'win32')('reports the event loop delay on SIGUSR2, then again from zero at exit', async () => {
  fx = makeFixture({ 'a.md': '# A\n' });
  const server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir, { CAIRN_LOOP_DELAY: '1' }));
  const reports = () => [...server.stderr().matchAll(LINE)].map((m) => m[1]);
  server.proc.kill('SIGUSR2');
  while (reports().length === 0) await new Promise((r) => setTimeout(r, 20));
  expect(await server.stop()).toBe(0);
  expect(reports()).toEqual(['since the last report', 'at exit']);
});

it('closes in order on a SIGTERM right after the serving line (it was killed by it), and says nothing about the event loop unless asked', async () => {
  fx = makeFixture({ 'a.md': '# A\n' });
  const server = await startServe(['--no-watch', '--db', fx.db, fx.root], cairnEnv(fx.dir));
  expect(await server.stop()).toBe(0);
  expect(server.stderr()).not.toMatch(/event loop delay/);
});
