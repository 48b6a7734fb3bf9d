#!/usr/bin/env node
// better-sqlite3 for Electron. better-sqlite3 13 is a Node-API addon that ships prebuilt in its
// package (prebuilds/<platform>-<arch>.node; build/Release where it was compiled on purpose), and a
// Node-API binary loads in every runtime with that API: Node 22, Node 24 and Electron alike (its
// buffers are copied where Electron's memory cage forbids external ones). So the desktop app loads
// the same binary as the tests, the CLI and the server, through better-sqlite3's `nativeBinding`
// option (CAIRN_SQLITE_BINDING, set by electron/start.mjs); nothing is built or downloaded for
// Electron any more. A packaged app needs none of this either: the package's prebuilds are in it.
// Usage: node build/electron/native.mjs   (prints the binary's path)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PACKAGE = path.join(ROOT, 'node_modules', 'better-sqlite3');

/** The binary better-sqlite3 loads by default here (its lib/binding.js: a compiled build first,
 * then the prebuilt one for this platform), or null. */
export function packageBinding() {
  const compiled = path.join(PACKAGE, 'build', 'Release', 'better_sqlite3.node');
  if (fs.existsSync(compiled)) return compiled;
  const libc = process.platform === 'linux' && !process.report?.getReport().header.glibcVersionRuntime ? 'linuxmusl' : process.platform;
  const prebuilt = path.join(PACKAGE, 'prebuilds', `${libc}-${process.arch}.node`);
  return fs.existsSync(prebuilt) ? prebuilt : null;
}

/** The better-sqlite3 binary for Electron: { ok: true, binding, built: false } or { ok: false, reason } (one line). */
export async function ensureElectronSqlite() {
  const binding = packageBinding();
  if (binding) return { ok: true, binding, built: false };
  return { ok: false, reason: `better-sqlite3 has no binary for ${process.platform}-${process.arch} in ${PACKAGE} (run npm install)` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await ensureElectronSqlite();
  if (result.ok) {
    process.stdout.write(`${result.binding}\n`);
  } else {
    process.stderr.write(`cairn: ${result.reason}\n`);
    process.exit(1);
  }
}
