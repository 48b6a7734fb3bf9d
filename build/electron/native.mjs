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
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SOURCE = path.join(ROOT, 'node_modules', 'better-sqlite3');
export const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'cairn-electron', 'better-sqlite3');
/** Keep in step with DEV_SQLITE_BINDING in electron/main/main.ts. */
export const ELECTRON_SQLITE_BINDING = path.join(CACHE_DIR, 'build', 'Release', 'better_sqlite3.node');
const STAMP = path.join(CACHE_DIR, 'cairn-electron-build.json');

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

export function electronTarget() {
  const electronDir = path.join(ROOT, 'node_modules', 'electron');
  const version = readJson(path.join(electronDir, 'package.json')).version;
  let abi = null;
  try {
    abi = fs.readFileSync(path.join(electronDir, 'abi_version'), 'utf8').trim();
  } catch {}
  return { version, abi, platform: process.platform, arch: process.arch };
}

/** Runs a command, collecting its output; never inherits the terminal, never outlives `timeoutMs`. */
function run(cmd, args, { cwd, env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      output += `\ntimed out after ${Math.round(timeoutMs / 1000)} s`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => (output += `\n${err.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output });
    });
  });
}

/** The line of a tool's output that says why it failed. */
function why(output, { headersUrl } = {}) {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|network connectivity|fetch failed/.test(output)) {
    const host = /ENOTFOUND (\S+)/.exec(output)?.[1] ?? (headersUrl && /gyp http GET/.test(output) ? new URL(headersUrl).host : null);
    return `no network${host ? ` to ${host}` : ''}`;
  }
  if (/timed out after/.test(output)) return lines.at(-1);
  const error = lines.find((l) => /gyp ERR! stack Error:|error:|Error:/.test(l) && !/^gyp ERR! (cwd|command|node|System)/.test(l));
  return (error ?? lines.at(-1) ?? 'no output').replace(/^gyp ERR! stack /, '').slice(0, 200);
}

function copySource() {
  fs.rmSync(CACHE_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(CACHE_DIR), { recursive: true });
  fs.cpSync(SOURCE, CACHE_DIR, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(SOURCE, src).split(path.sep);
      return rel[0] !== 'build' && rel[0] !== 'node_modules' && rel[0] !== 'prebuilds';
    },
  });
}

/** The environment for the build: npm's own `nodedir` (Node's headers) must not leak into a
 * build that needs Electron's. */
function buildEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|build_from_source)$/i.test(key)) delete env[key];
  return env;
}

function nodeGypScript() {
  try {
    return createRequire(path.join(ROOT, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return process.env.npm_config_node_gyp || null;
  }
}

/**
 * Makes sure the Electron build of better-sqlite3 exists. Resolves to { ok: true, binding } or
 * { ok: false, reason } (one line); `log` hears what is going on.
 */
export async function ensureElectronSqlite({ log = () => {} } = {}) {
  const target = electronTarget();
  const betterSqlite3 = readJson(path.join(SOURCE, 'package.json')).version;
  const want = { electron: target.version, betterSqlite3, platform: target.platform, arch: target.arch };
  try {
    const have = readJson(STAMP);
    if (JSON.stringify(have) === JSON.stringify(want) && fs.existsSync(ELECTRON_SQLITE_BINDING)) return { ok: true, binding: ELECTRON_SQLITE_BINDING, built: false };
  } catch {}

  const what = `better-sqlite3 ${betterSqlite3} for Electron ${target.version}${target.abi ? ` (ABI ${target.abi})` : ''}`;
  // said only when it takes a while: a failure on a machine without network stays one line
  const slow = setTimeout(() => log(`cairn: building ${what}, once (a compile takes a minute or two)`), 8_000);
  try {
    return await build(want, target, what);
  } finally {
    clearTimeout(slow);
  }
}

async function build(want, target, what) {
  copySource();
  const env = buildEnv();

  const prebuilt = await run(
    process.execPath,
    [createRequire(path.join(SOURCE, 'package.json')).resolve('prebuild-install/bin.js'), '--runtime', 'electron', '--target', target.version, '--arch', target.arch, '--platform', target.platform, '--verbose'],
    { cwd: CACHE_DIR, env, timeoutMs: 120_000 },
  );
  let failure = null;
  if (!prebuilt.ok || !fs.existsSync(ELECTRON_SQLITE_BINDING)) {
    const gyp = nodeGypScript();
    const headersUrl = `https://electronjs.org/headers/v${target.version}/node-v${target.version}-headers.tar.gz`;
    const compiled = gyp
      ? await run(
          process.execPath,
          [gyp, 'rebuild', '--release', '--jobs=max', `--target=${target.version}`, `--arch=${target.arch}`, '--dist-url=https://electronjs.org/headers', `--devdir=${path.join(os.homedir(), '.electron-gyp')}`],
          { cwd: CACHE_DIR, env, timeoutMs: 15 * 60_000 },
        )
      : { ok: false, output: 'node-gyp is not installed' };
    if (!compiled.ok || !fs.existsSync(ELECTRON_SQLITE_BINDING)) {
      failure = `${what} cannot be obtained here: no prebuilt binary (${why(prebuilt.output)}), and compiling it failed (${why(compiled.output, { headersUrl })})`;
    }
  }
  if (failure) {
    fs.rmSync(CACHE_DIR, { recursive: true, force: true });
    return { ok: false, reason: failure };
  }
  fs.writeFileSync(STAMP, JSON.stringify(want, null, 2) + '\n');
  return { ok: true, binding: ELECTRON_SQLITE_BINDING, built: true };
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
