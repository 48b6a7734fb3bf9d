#!/usr/bin/env node
// `npm start [--browser] [ROOT...] [--db FILE] [--port N]`: the desktop app where Electron can run,
// the same UI in a browser where it cannot.
//   1. builds the renderer if dist/renderer is missing (build/renderer/ensure-renderer.mjs);
//   2. gets Electron's binary (downloaded once by Electron's own installer, with a time limit) and
//      better-sqlite3's binary (build/electron/native.mjs: better-sqlite3 13's Node-API build, the
//      one the tests, the CLI and the server load too; nothing is built for Electron);
//   3. bundles the shell and launches Electron on it;
// or, if step 2 fails, says why in one line and runs `cairn serve`, which prints the URL.
// Arguments pass through to the app or to `cairn serve` (roots, --db; --port and --host for serve).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildShell } from '../build/electron/build.mjs';
import { obtainElectron } from '../build/electron/electron-binary.mjs';
import { ensureElectronSqlite } from '../build/electron/native.mjs';
import { ensureRenderer } from '../build/renderer/ensure-renderer.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => process.stderr.write(`cairn: ${line}\n`);

const argv = process.argv.slice(2);
const args = argv.filter((a) => a !== '--browser');

const ui = await ensureRenderer({ log: say });
if (!ui.ok) {
  say(ui.reason);
  process.exit(1);
}
const desktop = argv.includes('--browser') ? { ok: false, reason: 'the browser was asked for (--browser)' } : await desktopRuntime();
if (desktop.ok) {
  let shell;
  try {
    shell = await buildShell();
  } catch (err) {
    say(`building the desktop shell failed: ${err.message}`);
    process.exit(1);
  }
  const env = { ...process.env, CAIRN_SQLITE_BINDING: desktop.binding };
  delete env.ELECTRON_RUN_AS_NODE;
  runToEnd(desktop.electron, [shell.main, ...args], env);
} else {
  say(`${desktop.reason}; serving the same UI in your browser instead`);
  runToEnd(process.execPath, [path.join(ROOT, 'electron', 'cairn.mjs'), 'serve', ...args], process.env);
}

/** Electron's binary and an Electron build of better-sqlite3, or the reason there are none. */
async function desktopRuntime() {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { ok: false, reason: 'there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  }
  const electron = await obtainElectron({ onSlow: () => say('downloading Electron (once, about 100 MB)…') });
  if (!electron.ok) return electron;
  const sqlite = await ensureElectronSqlite({ log: (line) => process.stderr.write(`${line}\n`) });
  if (!sqlite.ok) return sqlite;
  return { ok: true, electron: electron.path, binding: sqlite.binding };
}

/** Runs a child with the terminal attached, passes Ctrl-C on, and exits with its code. Relative
 * roots mean the folder `npm start` was typed in (npm itself runs scripts in the package folder). */
function runToEnd(cmd, cmdArgs, env) {
  const child = spawn(cmd, cmdArgs, { cwd: process.env.INIT_CWD || process.cwd(), stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (err) => {
    say(`${path.basename(cmd)} could not start: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
