// better-sqlite3 built for another runtime (Electron) in a folder of its own.
// node_modules/better-sqlite3 stays built for the Node that runs npm (tests, CLI, server); a copy
// of its sources elsewhere is built for the other runtime's ABI, and that runtime loads it through
// better-sqlite3's `nativeBinding` option (CAIRN_SQLITE_BINDING, electron/engine/store/database.ts).
// A stamp beside the copy records what it was built for, so a second run builds nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SOURCE = path.join(ROOT, 'node_modules', 'better-sqlite3');
const STAMP = 'cairn-build.json';

export const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

export const sqliteVersion = () => readJson(path.join(SOURCE, 'package.json')).version;

/** The addon inside a copy at `dir`. */
export const bindingIn = (dir) => path.join(dir, 'build', 'Release', 'better_sqlite3.node');

/** Runs a command, collecting its output; never inherits the terminal, never outlives `timeoutMs`. */
export function run(cmd, args, { cwd, env, timeoutMs }) {
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
export function why(output, { headersUrl } = {}) {
  const lines = output.split('\n').map((l) => l.trim()).filter(Boolean);
  if (/ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ENETUNREACH|network connectivity|fetch failed/.test(output)) {
    const host = /ENOTFOUND (\S+)/.exec(output)?.[1] ?? (headersUrl && /gyp http GET/.test(output) ? new URL(headersUrl).host : null);
    return `no network${host ? ` to ${host}` : ''}`;
  }
  if (/timed out after/.test(output)) return lines.at(-1);
  const error = lines.find((l) => /gyp ERR! stack Error:|error:|Error:/.test(l) && !/^gyp ERR! (cwd|command|node|System)/.test(l));
  return (error ?? lines.at(-1) ?? 'no output').replace(/^gyp ERR! stack /, '').slice(0, 200);
}

/** The environment for a build: npm's own settings for the Node that runs it (`nodedir`, the
 * target) must not leak into a build for another runtime. */
export function buildEnv() {
  const env = { ...process.env };
  for (const key of Object.keys(env)) if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|build_from_source)$/i.test(key)) delete env[key];
  return env;
}

export function nodeGypScript() {
  try {
    return createRequire(path.join(ROOT, 'package.json')).resolve('node-gyp/bin/node-gyp.js');
  } catch {
    return process.env.npm_config_node_gyp || null;
  }
}

function copySource(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.cpSync(SOURCE, dir, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(SOURCE, src).split(path.sep);
      return rel[0] !== 'build' && rel[0] !== 'node_modules' && rel[0] !== 'prebuilds';
    },
  });
}

/**
 * Makes sure the copy at `dir` is built for `want` (what it is built for, compared with the stamp).
 * `build(dir)` builds a fresh copy and resolves to null or to the reason it failed (one line).
 * Resolves to { ok: true, binding, built } or { ok: false, reason }; a failed copy is removed.
 */
export async function ensureCopy(dir, want, build) {
  const binding = bindingIn(dir);
  try {
    if (JSON.stringify(readJson(path.join(dir, STAMP))) === JSON.stringify(want) && fs.existsSync(binding)) return { ok: true, binding, built: false };
  } catch {}
  copySource(dir);
  const failure = await build(dir);
  if (failure || !fs.existsSync(binding)) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { ok: false, reason: failure ?? `the build left no ${path.basename(binding)}` };
  }
  fs.writeFileSync(path.join(dir, STAMP), JSON.stringify(want, null, 2) + '\n');
  return { ok: true, binding, built: true };
}
