// Which files the compiled `cairn` is made from, and when the newest of them last changed: the
// launcher runs the compiled CLI only while it is newer than all of them. Plain JS with no imports
// beyond Node's, since it runs on every start (a stat of ~250 files, about 2 ms).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CLI_DIR = path.join(ROOT, 'dist', 'cli');
export const CLI_ENTRY = path.join(CLI_DIR, 'cli.mjs');
const SOURCES = ['electron', 'shared', path.join('build', 'renderer'), path.join('build', 'cli')];
/** in those folders, but not part of the compiled CLI: the launchers themselves */
const NOT_COMPILED = new Set([path.join(ROOT, 'electron', 'cairn.mjs'), path.join(ROOT, 'electron', 'start.mjs')]);

function newestIn(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(p));
    else if (/\.(ts|mts|mjs|js|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !NOT_COMPILED.has(p))
      newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function newestSource() {
  return Math.max(
    ...SOURCES.map((d) => path.join(ROOT, d))
      .filter((d) => fs.existsSync(d))
      .map(newestIn),
    fs.statSync(path.join(ROOT, 'package.json')).mtimeMs,
  );
}

/** Built, and newer than every source (false where the sources are not there to compare: then the build is all there is). */
export function compiledIsCurrent() {
  if (!fs.existsSync(CLI_ENTRY)) return false;
  if (!fs.existsSync(path.join(ROOT, 'electron'))) return true;
  return fs.statSync(CLI_ENTRY).mtimeMs >= newestSource();
}
