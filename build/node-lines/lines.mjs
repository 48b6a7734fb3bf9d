// The Node lines Cairn supports, each pinned to the release its tests run on (package.json
// `engines` accepts them and no other line; build/node-lines/engines.test.ts checks both). The machine that runs
// `npm test` may have another Node; these come from the npm registry's `node-<platform>-<arch>`
// packages, which hold Node's binary and its headers, into node_modules/.cache/cairn-node/<line>,
// with better-sqlite3 built for each one's ABI beside them (build/native/sqlite-copy.mjs).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildEnv, ensureCopy, nodeGypScript, readJson, ROOT, run, sqliteVersion, why } from '../native/sqlite-copy.mjs';

/** Line -> the release the tests run on. Not Node 24 yet: from 24.19 on, Node's ObjectWrap removes
 * an environment cleanup hook in its destructor, and better-sqlite3 12 (ObjectWrap-based) aborts
 * the process when the garbage collector frees a statement outside a JavaScript context
 * ("Assertion failed: (env) != nullptr"); `cairn index` dies so on 24.21.0. better-sqlite3 13
 * (Node-API) fixes it but crashes on Node 20: it comes once no machine here runs Node 20.
 * `npm run test:node-lines -- --node 24.21.0` shows it. */
export const NODE_LINES = { 22: '22.23.3' };

const CACHE = path.join(ROOT, 'node_modules', '.cache', 'cairn-node');

/** The registry package that holds Node for this machine, or null where there is none that has bin/node. */
export function nodePackageName() {
  return process.platform === 'win32' ? null : `node-${process.platform}-${process.arch}`;
}

/** npm, as the running npm (under `npm test`) or from PATH. */
function npm(args, options) {
  const cli = process.env.npm_execpath;
  return cli && /\.[cm]?js$/.test(cli) ? run(process.execPath, [cli, ...args], options) : run('npm', args, options);
}

/** Node `version` in the cache (one folder per line), installed from the registry the first time. */
async function ensureNode(version) {
  const name = nodePackageName();
  if (!name) return { ok: false, reason: `no ${process.platform} package of Node with bin/node on the npm registry` };
  const prefix = path.join(CACHE, version.split('.')[0]);
  const nodedir = path.join(prefix, 'node_modules', name);
  const node = path.join(nodedir, 'bin', 'node');
  try {
    if (readJson(path.join(nodedir, 'package.json')).version === version && fs.existsSync(node)) return { ok: true, node, nodedir, prefix };
  } catch {}
  const installed = await npm(['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', `${name}@${version}`], {
    cwd: os.tmpdir(),
    env: process.env,
    timeoutMs: 10 * 60_000,
  });
  if (!installed.ok || !fs.existsSync(node)) return { ok: false, reason: `installing ${name}@${version} from the npm registry failed (${why(installed.output)})` };
  return { ok: true, node, nodedir, prefix };
}

/** Compiles the copy at `dir` against the headers in `nodedir`: nothing is downloaded. */
async function compile(dir, nodedir, version) {
  const gyp = nodeGypScript();
  if (!gyp) return 'node-gyp is not installed';
  const env = { ...buildEnv(), npm_config_nodedir: nodedir };
  const compiled = await run(process.execPath, [gyp, 'rebuild', '--release', '--jobs=max', `--nodedir=${nodedir}`], { cwd: dir, env, timeoutMs: 15 * 60_000 });
  return compiled.ok ? null : `compiling better-sqlite3 for Node ${version} failed (${why(compiled.output)})`;
}

/**
 * Node `version` and better-sqlite3 built for it: { ok: true, node, binding, built } or
 * { ok: false, reason } (one line). `log` hears about the slow first time.
 */
export async function ensureLine(version, { log = () => {} } = {}) {
  const got = await ensureNode(version);
  if (!got.ok) return got;
  const want = { node: version, betterSqlite3: sqliteVersion(), platform: process.platform, arch: process.arch };
  const slow = setTimeout(() => log(`cairn: building better-sqlite3 ${want.betterSqlite3} for Node ${version}, once (a compile takes two minutes or more)`), 8_000);
  try {
    const sqlite = await ensureCopy(path.join(got.prefix, 'better-sqlite3'), want, (dir) => compile(dir, got.nodedir, version));
    return sqlite.ok ? { ok: true, node: got.node, binding: sqlite.binding, built: sqlite.built } : sqlite;
  } finally {
    clearTimeout(slow);
  }
}
