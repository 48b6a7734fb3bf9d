// The Electron shell's bundles build, keep native packages outside, and the preload exposes
// exactly the contract. Electron cannot run here, so the preload runs in a `vm` context with a
// stand-in for the `electron` module that records what the preload does with contextBridge and
// ipcRenderer: Electron's API is faked, none of our code is.
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../shared/contract.ts';
import { DESKTOP_CHANNELS, EVENT_NAMES, eventChannel, methodChannel, type CairnBridge } from '../../shared/bridge.ts';
import { buildLikeMain, buildShell, MAIN_EXTERNALS, ROOT } from './build.mjs';

type Built = Awaited<ReturnType<typeof buildShell>>;
type Listener = (event: unknown, payload: unknown) => void;

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-shell-'));
let built: Built;

beforeAll(async () => {
  built = await buildShell({ outDir });
});
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

/** What a bundle leaves for `require` at runtime. */
function externalImports(metafile: Built['metafiles']['main'], outfile: string): string[] {
  const output = Object.entries(metafile.outputs).find(([file]) => path.resolve(ROOT, file) === outfile)?.[1];
  return [...new Set((output?.imports ?? []).filter((i) => i.external).map((i) => i.path))].sort();
}

/** Loads the preload bundle as Electron's sandbox would, with `electron` standing in. */
function loadPreload(answer: (channel: string, args: unknown[]) => unknown) {
  const exposed: Record<string, unknown> = {};
  const invoked: { channel: string; args: unknown[] }[] = [];
  const listeners = new Map<string, Set<Listener>>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void (exposed[key] = value) },
    ipcRenderer: {
      invoke: async (channel: string, ...args: unknown[]) => {
        invoked.push({ channel, args });
        return answer(channel, args);
      },
      on: (channel: string, fn: Listener) => void listeners.set(channel, (listeners.get(channel) ?? new Set()).add(fn)),
      removeListener: (channel: string, fn: Listener) => void listeners.get(channel)?.delete(fn),
    },
  };
  const required: string[] = [];
  const module = { exports: {} };
  vm.runInNewContext(fs.readFileSync(built.preload, 'utf8'), {
    module,
    exports: module.exports,
    require: (id: string) => {
      required.push(id);
      if (id !== 'electron') throw new Error(`a sandboxed preload cannot require "${id}"`);
      return electron;
    },
  });
  const emit = (channel: string, payload: unknown) => listeners.get(channel)?.forEach((fn) => fn({}, payload));
  return { cairn: exposed.cairn as CairnBridge, exposed, invoked, listeners, emit, required };
}

describe('the main bundle', () => {
  it('holds the engine and leaves only Node built-ins and the native/heavy packages outside', () => {
    expect(fs.statSync(built.main).size).toBeGreaterThan(10_000);
    const inputs = Object.keys(built.metafiles.main.inputs);
    expect(inputs).toContain('electron/engine/engine.ts');
    expect(inputs).toContain('shared/contract.ts');
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const strays = externalImports(built.metafiles.main, built.main).filter((id) => !builtins.has(id) && !MAIN_EXTERNALS.includes(id));
    expect(strays).toEqual([]);
    expect(externalImports(built.metafiles.main, built.main)).toContain('electron');
  });

  it('resolves the engine’s import.meta.url to the package layout: PACKAGE_ROOT is the repository', async () => {
    const out = path.join(outDir, 'settings.cjs');
    await buildLikeMain(path.join(ROOT, 'electron', 'engine', 'config', 'settings.ts'), out);
    const settings = createRequire(import.meta.url)(out) as { PACKAGE_ROOT: string; DEMO_WIKI: string };
    expect(settings.PACKAGE_ROOT).toBe(ROOT);
    expect(fs.existsSync(settings.DEMO_WIKI)).toBe(true);
  });

  it('in a packaged app, PACKAGE_ROOT is the resources folder that holds the extra resources', async () => {
    const out = path.join(outDir, 'settings.cjs');
    await buildLikeMain(path.join(ROOT, 'electron', 'engine', 'config', 'settings.ts'), out);
    const resources = path.resolve('/opt/Cairn/resources');
    const fakeProcess = Object.create(process, {
      versions: { value: { ...process.versions, electron: '45.4.1' } },
      resourcesPath: { value: resources },
    });
    const realRequire = createRequire(out);
    const module = { exports: {} as { PACKAGE_ROOT?: string; DEMO_WIKI?: string } };
    vm.runInNewContext(fs.readFileSync(out, 'utf8'), {
      module,
      exports: module.exports,
      __dirname: path.join(resources, 'app.asar', 'dist', 'electron'),
      __filename: path.join(resources, 'app.asar', 'dist', 'electron', 'main.cjs'),
      process: fakeProcess,
      URL,
      require: (id: string) => (id === 'electron' ? { app: { isPackaged: true } } : realRequire(id)),
    });
    expect(module.exports.PACKAGE_ROOT).toBe(resources);
    expect(module.exports.DEMO_WIKI).toBe(path.join(resources, 'build', 'demo-wiki'));
  });
});

describe('the preload bundle', () => {
  it('requires nothing but electron, and no zod', () => {
    expect(externalImports(built.metafiles.preload, built.preload)).toEqual(['electron']);
    expect(Object.keys(built.metafiles.preload.inputs).some((f) => f.includes('node_modules/zod'))).toBe(false);
    expect(loadPreload(() => ({ ok: true, value: null })).required).toEqual(['electron']);
  });

  it('exposes window.cairn with exactly the contract’s methods, plus on and desktop', () => {
    const { cairn, exposed } = loadPreload(() => ({ ok: true, value: null }));
    expect(Object.keys(exposed)).toEqual(['cairn']);
    const methods = Object.keys(cairn).filter((k) => k !== 'on' && k !== 'desktop');
    expect(methods.sort()).toEqual(Object.keys(contract).sort());
    expect(built.methodNames.sort()).toEqual(Object.keys(contract).sort());
    for (const m of methods) expect(typeof (cairn as unknown as Record<string, unknown>)[m]).toBe('function');
    expect(typeof cairn.on).toBe('function');
    expect(Object.keys(cairn.desktop ?? {}).sort()).toEqual(['openInEditor', 'revealInFolder']);
  });

  it('sends each method on its channel and answers with the value', async () => {
    const { cairn, invoked } = loadPreload((channel, args) => ({ ok: true, value: { channel, args } }));
    for (const name of Object.keys(contract) as (keyof typeof contract)[]) {
      const call = cairn[name] as (request?: unknown) => Promise<unknown>;
      await expect(call({ probe: name })).resolves.toEqual({ channel: methodChannel(name), args: [{ probe: name }] });
    }
    await (cairn.status as (r?: unknown) => Promise<unknown>)();
    expect(invoked.at(-1)).toEqual({ channel: methodChannel('status'), args: [{}] });
  });

  it('rejects with the error body as a plain object, which contextBridge copies whole (an Error would lose its code)', async () => {
    const { cairn } = loadPreload(() => ({ ok: false, error: 'search: bad "query": expected string', code: 'bad-request' }));
    const failure = await cairn.search({ query: 1 } as never).catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(Error);
    expect(failure).toEqual({ error: 'search: bad "query": expected string', code: 'bad-request' });
  });

  it('subscribes to engine events and unsubscribes', () => {
    const { cairn, emit, listeners } = loadPreload(() => ({ ok: true, value: null }));
    const heard: unknown[] = [];
    const stop = cairn.on('indexProgress', (p) => heard.push(p));
    emit(eventChannel('indexProgress'), { phase: 'scan' });
    emit(eventChannel('pagesChanged'), { pages: 1 });
    expect(heard).toEqual([{ phase: 'scan' }]);
    stop();
    emit(eventChannel('indexProgress'), { phase: 'done' });
    expect(heard).toHaveLength(1);
    expect(listeners.get(eventChannel('indexProgress'))?.size).toBe(0);
    for (const event of EVENT_NAMES) expect(() => cairn.on(event, () => {})).not.toThrow();
    expect(() => cairn.on('nope' as never, () => {})).toThrow(/no such event "nope"/);
  });

  it('routes the desktop actions to their channels', async () => {
    const { cairn, invoked } = loadPreload(() => ({ ok: true, value: undefined }));
    await cairn.desktop?.openInEditor('/wiki/global/page.md');
    await cairn.desktop?.revealInFolder('/wiki/global/page.md');
    expect(invoked).toEqual([
      { channel: DESKTOP_CHANNELS.openInEditor, args: ['/wiki/global/page.md'] },
      { channel: DESKTOP_CHANNELS.revealInFolder, args: ['/wiki/global/page.md'] },
    ]);
  });
});
