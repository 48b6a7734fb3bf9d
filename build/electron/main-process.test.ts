// The main bundle, run in Node against a stand-in for the `electron` module: Electron's binary
// cannot run here, so its API is replaced by recorders, while everything of ours is real (the
// bundle as built, the engine, a SQLite file, the watcher on a real folder). It checks the wiring
// Electron would exercise: the window's security settings, the app:// source and its CSP, the
// permission and navigation guards, one IPC handler per contract method with validation, the
// desktop actions' limits, events pushed to windows, re-indexing on a file change, and shutdown.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../shared/contract.ts';
import { DESKTOP_CHANNELS, eventChannel, methodChannel } from '../../shared/bridge.ts';
import { CONTENT_SECURITY_POLICY } from '../../electron/server/serve.ts';
import { buildShell, ROOT } from './build.mjs';
import { ensureElectronSqlite } from './native.mjs';

type Handler = (event: unknown, ...args: unknown[]) => Promise<{ ok: boolean; value?: any; error?: string; name?: string }>;
type Fn = (...args: any[]) => any;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-main-'));
const outDir = path.join(tmp, 'dist', 'electron');
const wiki = path.join(tmp, 'wiki');
const db = path.join(tmp, 'index.db');

/** Everything the bundle did with the electron module. */
const rec = {
  calls: [] as [string, ...unknown[]][],
  appEvents: new Map<string, Fn[]>(),
  handlers: new Map<string, Handler>(),
  windows: [] as FakeWindow[],
  sent: [] as { channel: string; payload: any }[],
  source: null as null | { scheme: string; source: any },
  permissionRequest: null as null | Fn,
  permissionCheck: null as null | Fn,
  menu: null as null | any[],
  opened: [] as string[],
  external: [] as string[],
};
const log =
  (name: string) =>
  (...args: unknown[]) =>
    void rec.calls.push([name, ...args]);

class FakeWindow {
  static getAllWindows = () => rec.windows;
  url = '';
  listeners = new Map<string, Fn>();
  webContents = { send: (channel: string, payload: unknown) => void rec.sent.push({ channel, payload }) };
  constructor(readonly options: any) {
    rec.windows.push(this);
  }
  once(event: string, fn: Fn) {
    this.listeners.set(event, fn);
  }
  loadURL(url: string) {
    this.url = url;
    return Promise.resolve();
  }
  isDestroyed = () => false;
  isMinimized = () => false;
  restore = log('restore');
  show = log('show');
  focus = log('focus');
}

let ready!: () => void;
const whenReady = new Promise<void>((resolve) => (ready = resolve));
const electron = {
  app: {
    isPackaged: false,
    setName: log('app.setName'),
    requestSingleInstanceLock: () => (log('app.requestSingleInstanceLock')(), true),
    whenReady: () => whenReady,
    on: (event: string, fn: Fn) => void rec.appEvents.set(event, [...(rec.appEvents.get(event) ?? []), fn]),
    quit: log('app.quit'),
    exit: log('app.exit'),
  },
  protocol: {
    registerSchemesAsPrivileged: log('protocol.registerSchemesAsPrivileged'),
    registerSource: (scheme: string, source: unknown) => void (rec.source = { scheme, source }),
    handle: log('protocol.handle'),
  },
  net: { fetch: log('net.fetch') },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (fn: Fn) => void (rec.permissionRequest = fn),
      setPermissionCheckHandler: (fn: Fn) => void (rec.permissionCheck = fn),
      setDevicePermissionHandler: log('session.setDevicePermissionHandler'),
    },
  },
  shell: {
    openPath: async (p: string) => (rec.opened.push(p), ''),
    showItemInFolder: (p: string) => void rec.opened.push(`reveal:${p}`),
    openExternal: async (url: string) => void rec.external.push(url),
  },
  ipcMain: { handle: (channel: string, fn: Handler) => void rec.handlers.set(channel, fn) },
  BrowserWindow: FakeWindow,
  nativeTheme: { shouldUseDarkColors: false },
  Menu: { buildFromTemplate: (t: any[]) => t, setApplicationMenu: (m: any[]) => void (rec.menu = m) },
  dialog: { showErrorBox: log('dialog.showErrorBox'), showMessageBox: log('dialog.showMessageBox') },
};

const fromApp = { senderFrame: { url: 'app://cairn/index.html' } };
const call = (channel: string, request?: unknown, event: unknown = fromApp) => rec.handlers.get(channel)!(event, request);
const appEvent = (name: string) => rec.appEvents.get(name)?.[0];

async function until<T>(what: string, probe: () => T | undefined | null | false, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const saved = { argv: process.argv, binding: process.env.CAIRN_SQLITE_BINDING, config: process.env.CAIRN_CONFIG, roots: process.env.CAIRN_ROOTS };

beforeAll(async () => {
  fs.mkdirSync(path.join(wiki, 'global'), { recursive: true });
  fs.writeFileSync(path.join(wiki, 'global', 'alpha.md'), '---\nsummary: First page\n---\n# Alpha\n\nSee [[beta]] about ranking fusion.\n');
  fs.writeFileSync(path.join(wiki, 'global', 'beta.md'), '# Beta\n\nReciprocal rank fusion, k = 60.\n');
  const built = await buildShell({ outDir });

  // better-sqlite3's binary as npm start passes it (a Node-API one, for Node and Electron alike),
  // a config file that does not exist, our argv
  const sqlite = await ensureElectronSqlite();
  if (!sqlite.ok) throw new Error(sqlite.reason);
  process.env.CAIRN_SQLITE_BINDING = saved.binding ?? sqlite.binding;
  process.env.CAIRN_CONFIG = path.join(tmp, 'no-config.json');
  delete process.env.CAIRN_ROOTS;
  process.argv = ['/opt/electron/electron', built.main, wiki, '--db', db];

  const realRequire = createRequire(path.join(ROOT, 'package.json'));
  const module = { exports: {} };
  const load = new Function('require', 'module', 'exports', '__filename', '__dirname', fs.readFileSync(built.main, 'utf8'));
  load((id: string) => (id === 'electron' ? electron : realRequire(id)), module, module.exports, built.main, outDir);
  ready();
  await until('the window', () => rec.windows.length > 0);
});

afterAll(async () => {
  process.argv = saved.argv;
  for (const [key, value] of [
    ['CAIRN_SQLITE_BINDING', saved.binding],
    ['CAIRN_CONFIG', saved.config],
    ['CAIRN_ROOTS', saved.roots],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the main process, before the app is ready', () => {
  it('names the app, takes the single-instance lock, and registers app:// as a standard secure scheme', () => {
    const names = rec.calls.map((c) => c[0]);
    expect(names).toContain('app.setName');
    expect(names).toContain('app.requestSingleInstanceLock');
    const [, schemes] = rec.calls.find((c) => c[0] === 'protocol.registerSchemesAsPrivileged')! as [string, any[]];
    expect(schemes[0]).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true } });
    expect(appEvent('second-instance')).toBeTypeOf('function');
  });
});

describe('the window', () => {
  it('is isolated, sandboxed, without Node, with the bundled preload, on app://cairn', () => {
    const [win] = rec.windows;
    expect(rec.windows).toHaveLength(1);
    expect(win!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: path.join(outDir, 'preload.cjs'),
    });
    expect(win!.url).toBe('app://cairn/index.html');
  });

  it('is served from the built renderer with the server’s Content-Security-Policy', () => {
    expect(rec.source?.scheme).toBe('app');
    const [route] = rec.source!.source.routes;
    expect(route.source).toMatchObject({ type: 'directory', root: path.join(outDir, '..', 'renderer'), index: 'index.html' });
    expect(route.source.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(route.match).toEqual({ host: 'cairn' });
  });

  it('gets no permission, except writing text to the clipboard from the app itself', () => {
    const answers: boolean[] = [];
    const contents = (url: string) => ({ getURL: () => url });
    rec.permissionRequest!(contents('app://cairn/index.html'), 'media', (ok: boolean) => answers.push(ok), {});
    rec.permissionRequest!(contents('app://cairn/index.html'), 'notifications', (ok: boolean) => answers.push(ok), {});
    rec.permissionRequest!(contents('app://cairn/index.html'), 'clipboard-sanitized-write', (ok: boolean) => answers.push(ok), {});
    rec.permissionRequest!(contents('https://evil.example/'), 'clipboard-sanitized-write', (ok: boolean) => answers.push(ok), {});
    expect(answers).toEqual([false, false, true, false]);
    expect(rec.permissionCheck!(null, 'geolocation', 'app://cairn', {})).toBe(false);
  });

  it('never navigates away or opens windows; web links go to the system browser', () => {
    const on = new Map<string, Fn>();
    let openHandler: Fn = () => undefined;
    const contents = { on: (e: string, fn: Fn) => void on.set(e, fn), setWindowOpenHandler: (fn: Fn) => void (openHandler = fn) };
    appEvent('web-contents-created')!({}, contents);
    const navigate = (url: string) => {
      let prevented = false;
      on.get('will-navigate')!({ url, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect(navigate('app://cairn/index.html#/page/alpha')).toBe(false);
    expect(navigate('https://example.com/docs')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(openHandler({ url: 'https://example.com/new' })).toEqual({ action: 'deny' });
    expect(openHandler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(rec.external).toEqual(['https://example.com/docs', 'https://example.com/new']);
    let attached = true;
    on.get('will-attach-webview')!({ preventDefault: () => (attached = false) });
    expect(attached).toBe(false);
  });

  it('has a menu with Re-index on Ctrl/Cmd+R and the usual roles', () => {
    const labels = JSON.stringify(rec.menu);
    const file = rec.menu!.find((m) => m.label === '&File');
    expect(file.submenu[0]).toMatchObject({ label: 'Re-index', accelerator: 'CmdOrCtrl+R' });
    for (const role of ['editMenu', 'windowMenu', 'help', 'zoomIn', 'toggleDevTools']) expect(labels).toContain(`"${role}"`);
  });
});

describe('IPC', () => {
  it('has one handler per contract method, and the two desktop actions, nothing else', () => {
    const expected = [...Object.keys(contract).map((m) => methodChannel(m as keyof typeof contract)), ...Object.values(DESKTOP_CHANNELS)];
    expect([...rec.handlers.keys()].sort()).toEqual(expected.sort());
  });

  it('answers the contract from the real engine once the first indexing run is done', async () => {
    const changed = await until('pagesChanged pushed to the window', () => rec.sent.find((s) => s.channel === eventChannel('pagesChanged')));
    expect(changed.payload.pages).toBe(2);
    expect(rec.sent.some((s) => s.channel === eventChannel('indexProgress'))).toBe(true);
    const status = await call(methodChannel('status'));
    expect(status).toMatchObject({ ok: true, value: { roots: [wiki], db, pages: 2 } });
    const page = await call(methodChannel('getPage'), { key: 'alpha' });
    expect(page.ok).toBe(true);
    expect(page.value.links.map((l: { target: string }) => l.target)).toContain('beta');
    const search = await call(methodChannel('search'), { query: 'fusion', mode: 'lexical' });
    expect(search.ok, search.error).toBe(true);
  });

  it('refuses a request the contract rejects, with the contract’s message', async () => {
    expect(await call(methodChannel('getPage'), { key: '' })).toMatchObject({
      ok: false,
      code: 'bad-request',
      error: expect.stringMatching(/^getPage: bad "key"/),
    });
    expect(await call(methodChannel('links'), { kind: 'everything' })).toMatchObject({ ok: false, code: 'bad-request' });
  });

  it('refuses calls from anything but the app’s own page', async () => {
    for (const event of [{ senderFrame: { url: 'https://evil.example/' } }, { senderFrame: null }]) {
      expect(await call(methodChannel('status'), {}, event)).toMatchObject({ ok: false, error: expect.stringMatching(/refused an IPC call/) });
    }
  });

  it('opens and reveals only files inside the roots', async () => {
    const alpha = path.join(wiki, 'global', 'alpha.md');
    expect(await call(DESKTOP_CHANNELS.openInEditor, alpha)).toEqual({ ok: true, value: undefined });
    expect(await call(DESKTOP_CHANNELS.revealInFolder, alpha)).toEqual({ ok: true, value: undefined });
    expect(await call(DESKTOP_CHANNELS.openInEditor, db)).toMatchObject({ ok: false, error: expect.stringMatching(/not inside a wiki root/) });
    expect(await call(DESKTOP_CHANNELS.revealInFolder, '../wiki/global/alpha.md')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not an absolute path/),
    });
    expect(rec.opened).toEqual([alpha, `reveal:${alpha}`]);
  });
});

describe('watching the roots', () => {
  it('re-indexes a page written by someone else and tells the windows', async () => {
    const before = rec.sent.filter((s) => s.channel === eventChannel('pagesChanged')).length;
    // written again every twentieth look until it is seen (a write on every look would keep the
    // watcher's wait for quiet going): a watcher still setting up when it was first written sees a
    // later write, however long the machine took to start it
    let looks = 0;
    const changed = await until('a second pagesChanged', () => {
      const seen = rec.sent
        .filter((s) => s.channel === eventChannel('pagesChanged'))
        .slice(before)
        .find((s) => s.payload.pages === 3);
      if (!seen && looks++ % 20 === 0) fs.writeFileSync(path.join(wiki, 'global', 'gamma.md'), '# Gamma\n\nWritten by an agent.\n');
      return seen;
    });
    expect(changed.payload.pages).toBe(3);
    expect((await call(methodChannel('getPage'), { key: 'gamma' })).ok).toBe(true);
  });

  it('Re-index in the menu runs the indexer', async () => {
    const before = rec.sent.filter((s) => s.channel === eventChannel('pagesChanged')).length;
    rec.menu!.find((m) => m.label === '&File').submenu[0].click();
    await until('pagesChanged after Re-index', () => rec.sent.filter((s) => s.channel === eventChannel('pagesChanged')).length > before);
  });
});

describe('quitting', () => {
  it('stops the watcher and closes the database before it lets the app quit', async () => {
    let prevented = false;
    appEvent('will-quit')!({ preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await until('app.quit', () => rec.calls.some((c) => c[0] === 'app.quit'));
    expect((await call(methodChannel('status'))).ok).toBe(false); // the database is closed
    expect(rec.calls.some((c) => c[0] === 'dialog.showErrorBox')).toBe(false);
  });
});
