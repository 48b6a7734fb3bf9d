#!/usr/bin/env node
// `npm run dist [-- --linux | --mac | --win | --dir]`: the installers, into release/.
// Builds the renderer and the shell, then runs electron-builder with build/electron/electron-builder.yml.
//
// electron-builder rebuilds native dependencies for Electron *in place*, in node_modules, which
// would leave better-sqlite3 unloadable by Node (and `npm test` failing) until it is rebuilt. So
// the Node build is set aside first and put back afterwards, whatever happens.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildShell, ROOT } from './build.mjs';

const RELEASE_DIR = path.join(ROOT, 'node_modules', 'better-sqlite3', 'build', 'Release');
const BACKUP_DIR = path.join(ROOT, 'node_modules', '.cache', 'cairn-electron', 'node-build-of-better-sqlite3');

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) throw new Error(`${[path.basename(cmd), ...args].join(' ')} exited with ${result.status ?? result.signal}`);
}

/** better-sqlite3 13 ships prebuilt and has no build/Release unless compiled on purpose: then
 * there is nothing to set aside, and nothing to put back. */
function setAside() {
  fs.rmSync(BACKUP_DIR, { recursive: true, force: true });
  if (!fs.existsSync(RELEASE_DIR)) return;
  fs.mkdirSync(BACKUP_DIR, { recursive: true });
  for (const f of fs.readdirSync(RELEASE_DIR).filter((f) => f.endsWith('.node'))) fs.copyFileSync(path.join(RELEASE_DIR, f), path.join(BACKUP_DIR, f));
}

function putBack() {
  if (!fs.existsSync(BACKUP_DIR)) return;
  fs.mkdirSync(RELEASE_DIR, { recursive: true });
  for (const f of fs.readdirSync(BACKUP_DIR)) fs.copyFileSync(path.join(BACKUP_DIR, f), path.join(RELEASE_DIR, f));
  fs.rmSync(BACKUP_DIR, { recursive: true, force: true });
}

try {
  const scripts = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
  if (scripts['build:renderer']) run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build:renderer']);
  else run(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']);
  await buildShell();
  setAside();
  try {
    run(process.execPath, [
      path.join(ROOT, 'node_modules', 'electron-builder', 'cli.js'),
      '--config',
      'build/electron/electron-builder.yml',
      ...process.argv.slice(2),
    ]);
  } finally {
    putBack();
  }
} catch (err) {
  process.stderr.write(`cairn: packaging failed: ${err.message}\n`);
  process.exit(1);
}
