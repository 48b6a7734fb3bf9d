// `npm run build:electron` as a person runs it: the command writes dist/electron/main.cjs and
// preload.cjs, and both load. Electron cannot run here, so each loads with a stand-in for the
// `electron` module that records what it is asked (bundle.test.ts and main-process.test.ts check
// the bundles' contents and wiring in depth; this checks the command and the files it leaves).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../shared/contract.ts';
import { ROOT } from './build.mjs';

const OUT = path.join(ROOT, 'dist', 'electron');
let run: ReturnType<typeof spawnSync>;

/** An `electron` whose every member is callable and records its path; the app never becomes ready. */
function recordingElectron(asked: string[]): unknown {
  const member = (name: string): unknown =>
    new Proxy(() => {}, {
      get: (_, key) => (key === 'then' ? undefined : member(`${name}.${String(key)}`)),
      apply: () => {
        asked.push(name);
        return name.endsWith('whenReady') ? new Promise(() => {}) : member(`${name}()`);
      },
    });
  return member('electron');
}

beforeAll(() => {
  run = spawnSync('npm', ['run', 'build:electron'], { cwd: ROOT, encoding: 'utf8' });
}, 120_000);

describe('npm run build:electron', () => {
  it('writes the main and preload bundles into dist/electron', () => {
    expect(run.status, String(run.stderr)).toBe(0);
    expect(run.stdout).toMatch(/built dist\/electron\/main\.cjs \(\d+ KB\) and dist\/electron\/preload\.cjs/);
    for (const file of ['main.cjs', 'preload.cjs']) expect(fs.statSync(path.join(OUT, file)).size).toBeGreaterThan(1000);
  });

  it('leaves a preload that exposes window.cairn with the contract’s methods', () => {
    const exposed: Record<string, Record<string, unknown>> = {};
    const electron = { contextBridge: { exposeInMainWorld: (key: string, value: Record<string, unknown>) => void (exposed[key] = value) }, ipcRenderer: {} };
    const module = { exports: {} };
    vm.runInNewContext(fs.readFileSync(path.join(OUT, 'preload.cjs'), 'utf8'), { module, exports: module.exports, require: () => electron });
    expect(
      Object.keys(exposed.cairn ?? {})
        .filter((k) => k !== 'on' && k !== 'desktop')
        .sort(),
    ).toEqual(Object.keys(contract).sort());
  });

  it('leaves a main bundle that loads and starts the app: names it, takes the single-instance lock, waits for ready', () => {
    const asked: string[] = [];
    const main = path.join(OUT, 'main.cjs');
    const realRequire = createRequire(main);
    const module = { exports: {} };
    const load = new Function('require', 'module', 'exports', '__filename', '__dirname', fs.readFileSync(main, 'utf8'));
    load((id: string) => (id === 'electron' ? recordingElectron(asked) : realRequire(id)), module, module.exports, main, OUT);
    expect(asked).toEqual(expect.arrayContaining(['electron.app.setName', 'electron.app.requestSingleInstanceLock', 'electron.app.whenReady']));
  });
});
