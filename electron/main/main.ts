// The desktop app's main process: one window over the engine. The engine runs here, in the main
// process: the renderer paints in its own process, so a busy main thread delays an answer, never
// a frame; indexing yields between batches, a search is a few milliseconds of SQLite, and the
// window's files are served off the main thread (security.ts). A utility process would add a
// second message hop for every call and a second copy of the events for no gain at this size;
// if a method ever grows heavy, ipc.ts is the one place that would move.
//
// Runs only as the bundle build/electron/build.mjs writes (dist/electron/main.cjs), so
// `__dirname` is dist/electron, in development and inside app.asar alike.
import { app, dialog } from 'electron';
import path from 'node:path';
import { PACKAGE_ROOT } from '../engine/config/settings.ts';
import type { EngineApi } from '../engine/engine-api.ts';
import { startHost } from '../host/start-host.ts';
import { forwardEvents, handleContract, handleDesktopActions } from './ipc.ts';
import { installMenu } from './menu.ts';
import { parseShellArgs } from './policy.ts';
import { denyPermissions, guardAllWebContents, registerAppScheme, serveRenderer } from './security.ts';
import { createMainWindow, focusWindow } from './window.ts';

const isDev = !app.isPackaged;
const RENDERER_DIR = path.join(__dirname, '..', 'renderer');
const PRELOAD = path.join(__dirname, 'preload.cjs');

app.setName('Cairn');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  guardAllWebContents();
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  const args = parseShellArgs(process.argv, app.isPackaged);
  const host = await startHost({
    roots: args.roots,
    db: args.db,
    watch: true,
    loadModel: 'background',
    attach: attachApp,
    onProgress: (p) => {
      if (p.kind === 'read-only') console.error(`cairn: the index ${p.db} is read-only: search, links and pages work; not indexing or watching`);
      else if (p.kind === 'index-failed') console.error(`cairn: indexing failed: ${p.error.message}`);
      else if (p.kind === 'change-failed') console.error(`cairn: indexing after a change failed: ${p.error.message}`);
    },
  });

  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    closed = true;
    event.preventDefault();
    void host.close().finally(() => app.quit());
  });
}

/** The app's wiring to the engine, before anything is indexed (so the window hears the first run);
 * returns what stops the events on the way out. */
function attachApp(engine: EngineApi): () => void {
  denyPermissions();
  serveRenderer(RENDERER_DIR);
  handleContract(engine.service);
  handleDesktopActions(() => engine.settings.roots);
  const stopEvents = forwardEvents(engine.events);

  // through dispatch like the window's own calls: refused on a read-only index, a failure explained
  const reindex = () => {
    engine.reindex().catch((err: Error) => console.error(`cairn: indexing failed: ${err.message}`));
  };
  installMenu({ isDev, reindex, readme: path.join(PACKAGE_ROOT, 'README.md') });

  const open = () => createMainWindow({ preload: PRELOAD, isDev, icon: path.join(PACKAGE_ROOT, 'build', 'electron', 'icon.png') });
  let win = open();
  const current = () => (win.isDestroyed() ? (win = open()) : win);
  app.on('second-instance', () => focusWindow(current()));
  app.on('activate', () => focusWindow(current()));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  return stopEvents;
}

function fail(err: unknown): void {
  const message = err instanceof Error ? err.message : String(err);
  const hint = /NODE_MODULE_VERSION|was compiled against a different/.test(message)
    ? '\n\nbetter-sqlite3 was built for another runtime: run `npm install` (better-sqlite3 13 ships one Node-API binary that Node and Electron both load).'
    : '';
  console.error(`cairn: the desktop app could not start: ${message}`);
  dialog.showErrorBox('Cairn could not start', message + hint);
  app.exit(1);
}
