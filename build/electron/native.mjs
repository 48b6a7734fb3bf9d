#!/usr/bin/env node
// better-sqlite3 for Electron, beside the Node one. node_modules/better-sqlite3 stays built for
// Node (tests, CLI, server); a copy in node_modules/.cache/cairn-electron/better-sqlite3 is built
// for the installed Electron, and the desktop app loads that binary through better-sqlite3's
// `nativeBinding` option (CAIRN_SQLITE_BINDING, set by electron/main in development). A packaged
// app needs none of this: electron-builder rebuilds its own copy.
//
// First a prebuilt binary for Electron's ABI (prebuild-install, seconds), else a compile with
// node-gyp against Electron's headers (needs a C++ toolchain). Both download; where nothing can be,
// this fails with one line saying so.
// Usage: node build/electron/native.mjs   (prints the binary's path)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindingIn, buildEnv, ensureCopy, nodeGypScript, readJson, ROOT, run, SOURCE, sqliteVersion, why } from '../native/sqlite-copy.mjs';

export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'cairn-electron', 'better-sqlite3');
/** Keep in step with DEV_SQLITE_BINDING in electron/main/main.ts. */
export const ELECTRON_SQLITE_BINDING = bindingIn(CACHE_DIR);

export function electronTarget() {
  const electronDir = path.join(ROOT, 'node_modules', 'electron');
  const version = readJson(path.join(electronDir, 'package.json')).version;
  let abi = null;
  try {
    abi = fs.readFileSync(path.join(electronDir, 'abi_version'), 'utf8').trim();
  } catch {}
  return { version, abi, platform: process.platform, arch: process.arch };
}

/**
 * Makes sure the Electron build of better-sqlite3 exists. Resolves to { ok: true, binding } or
 * { ok: false, reason } (one line); `log` hears what is going on.
 */
export async function ensureElectronSqlite({ log = () => {} } = {}) {
  const target = electronTarget();
  const betterSqlite3 = sqliteVersion();
  const want = { electron: target.version, betterSqlite3, platform: target.platform, arch: target.arch };
  const what = `better-sqlite3 ${betterSqlite3} for Electron ${target.version}${target.abi ? ` (ABI ${target.abi})` : ''}`;
  // said only when it takes a while: a failure on a machine without network stays one line
  const slow = setTimeout(() => log(`cairn: building ${what}, once (a compile takes a minute or two)`), 8_000);
  try {
    return await ensureCopy(CACHE_DIR, want, (dir) => build(dir, target, what));
  } finally {
    clearTimeout(slow);
  }
}

/** A prebuilt binary, else a compile; null, or why neither worked. */
async function build(dir, target, what) {
  const env = buildEnv();
  const prebuilt = await run(
    process.execPath,
    [createRequire(path.join(SOURCE, 'package.json')).resolve('prebuild-install/bin.js'), '--runtime', 'electron', '--target', target.version, '--arch', target.arch, '--platform', target.platform, '--verbose'],
    { cwd: dir, env, timeoutMs: 120_000 },
  );
  if (prebuilt.ok && fs.existsSync(ELECTRON_SQLITE_BINDING)) return null;
  const gyp = nodeGypScript();
  const headersUrl = `https://electronjs.org/headers/v${target.version}/node-v${target.version}-headers.tar.gz`;
  const compiled = gyp
    ? await run(
        process.execPath,
        [gyp, 'rebuild', '--release', '--jobs=max', `--target=${target.version}`, `--arch=${target.arch}`, '--dist-url=https://electronjs.org/headers', `--devdir=${path.join(os.homedir(), '.electron-gyp')}`],
        { cwd: dir, env, timeoutMs: 15 * 60_000 },
      )
    : { ok: false, output: 'node-gyp is not installed' };
  if (compiled.ok && fs.existsSync(ELECTRON_SQLITE_BINDING)) return null;
  return `${what} cannot be obtained here: no prebuilt binary (${why(prebuilt.output)}), and compiling it failed (${why(compiled.output, { headersUrl })})`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await ensureElectronSqlite({ log: (line) => process.stderr.write(`${line}\n`) });
  if (result.ok) {
    process.stdout.write(`${result.binding}\n`);
  } else {
    process.stderr.write(`cairn: ${result.reason}\n`);
    process.exit(1);
  }
}
