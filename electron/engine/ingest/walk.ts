// Lists the files of one root, honouring ignore rules, following symlinks without looping.
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isTempName } from './temp-files.ts';

/** Never worth indexing: dot-files and dot-folders are tooling and caches (`.git/`, `.obsidian/`,
 * `.cairnignore` itself), `_folders` are site templates (`_layouts/`). */
export const DEFAULT_IGNORES = ['.*', 'node_modules/', 'dist/', '*.log', '_*/'];

export interface WalkedFile {
  relPath: string; // POSIX separators, relative to the root
  absPath: string;
  mtimeMs: number;
  size: number;
}

export interface WalkProblem {
  relPath: string;
  severity: 'skipped' | 'warning';
  reason: string;
}

export interface WalkResult {
  files: WalkedFile[];
  problems: WalkProblem[];
  /** Whether the ignore rules this walk used leave `rel` out. */
  ignores(rel: string): boolean;
  /** Cairn's own temp files met on the way (absolute paths), for the run to sweep the stale ones. */
  temps: string[];
}

export function buildIgnore(root: string, extraPatterns: string[]): Ignore {
  const ig = ignore().add(DEFAULT_IGNORES).add(extraPatterns);
  const file = path.join(root, '.cairnignore');
  if (fs.existsSync(file)) ig.add(fs.readFileSync(file, 'utf8'));
  return ig;
}

export function walkRoot(root: string, extraPatterns: string[] = []): WalkResult {
  return walkPaths(root, [''], extraPatterns);
}

/**
 * Lists the files at `rels` (root-relative; '' is the whole root): a file itself, a folder with
 * everything under it. A path that no longer exists lists nothing, so its rows can be removed.
 */
export function walkPaths(root: string, rels: string[], extraPatterns: string[] = []): WalkResult {
  const ig = buildIgnore(root, extraPatterns);
  const walk: Walk = { ig, rootReal: fs.realpathSync(root), out: { files: [], problems: [], ignores: (rel) => ig.ignores(rel), temps: [] } };
  for (const rel of rels) {
    if (rel === '') {
      visitDir(walk, root, '', new Set([walk.rootReal]));
      continue;
    }
    if (walk.ig.ignores(rel)) continue;
    const stat = statEntry(walk, path.join(root, rel), rel, true);
    if (stat?.isDirectory()) {
      if (!walk.ig.ignores(`${rel}/`)) visitDir(walk, path.join(root, rel), rel, realAncestors(root, rel));
    } else if (stat?.isFile()) addFile(walk, path.join(root, rel), rel, stat);
  }
  const seen = new Set<string>();
  walk.out.files = walk.out.files.filter((f) => !seen.has(f.relPath) && seen.add(f.relPath));
  walk.out.files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return walk.out;
}

interface Walk {
  ig: Ignore;
  rootReal: string;
  out: WalkResult;
}

/** `ancestors` holds the real paths of the directories above: a symlink back into one is a loop. */
function visitDir(walk: Walk, abs: string, rel: string, ancestors: Set<string>): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(abs, { withFileTypes: true });
  } catch (err) {
    walk.out.problems.push({ relPath: rel || '.', severity: 'skipped', reason: `unreadable folder: ${errorText(err)}` });
    return;
  }
  for (const entry of entries) {
    const childAbs = path.join(abs, entry.name);
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isFile() && isTempName(entry.name)) {
      walk.out.temps.push(childAbs);
      continue;
    }
    const stat = statEntry(walk, childAbs, childRel, entry.isSymbolicLink());
    if (!stat) continue;
    if (stat.isDirectory()) {
      if (walk.ig.ignores(`${childRel}/`)) continue;
      const real = fs.realpathSync(childAbs);
      if (ancestors.has(real)) {
        walk.out.problems.push({ relPath: childRel, severity: 'skipped', reason: 'symlink loop: links back to a folder above it; not followed' });
        continue;
      }
      if (entry.isSymbolicLink()) noteOutsideLink(walk, childRel, real);
      visitDir(walk, childAbs, childRel, new Set(ancestors).add(real));
    } else if (stat.isFile()) {
      if (walk.ig.ignores(childRel)) continue;
      if (entry.isSymbolicLink()) noteOutsideLink(walk, childRel, fs.realpathSync(childAbs));
      addFile(walk, childAbs, childRel, stat);
    }
  }
}

function statEntry(walk: Walk, abs: string, rel: string, follow: boolean): fs.Stats | null {
  try {
    return follow ? fs.statSync(abs) : fs.lstatSync(abs);
  } catch (err) {
    const gone = (err as NodeJS.ErrnoException).code === 'ENOENT' && !isSymlink(abs);
    if (!gone && !walk.ig.ignores(rel)) walk.out.problems.push({ relPath: rel, severity: 'skipped', reason: `unreadable: ${errorText(err)}` });
    return null;
  }
}

function addFile(walk: Walk, abs: string, rel: string, stat: fs.Stats): void {
  walk.out.files.push({ relPath: rel, absPath: abs, mtimeMs: stat.mtimeMs, size: stat.size });
}

/** Obsidian users link folders in from elsewhere: read them, but say so, since that is not the wiki's own folder. */
function noteOutsideLink(walk: Walk, rel: string, real: string): void {
  if (real === walk.rootReal || real.startsWith(walk.rootReal + path.sep)) return;
  walk.out.problems.push({ relPath: rel, severity: 'warning', reason: `symlink to ${real}, outside the root: indexed, but Cairn never writes through it` });
}

/** The real paths of the root and of each folder from it down to `rel`. */
function realAncestors(root: string, rel: string): Set<string> {
  const out = new Set([fs.realpathSync(root)]);
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    try {
      out.add(fs.realpathSync(path.join(root, ...parts.slice(0, i))));
    } catch {
      break;
    }
  }
  return out;
}

function isSymlink(abs: string): boolean {
  try {
    return fs.lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

export function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied';
  if (e.code === 'ENOENT') return 'no such file (a broken symlink?)';
  if (e.code === 'ELOOP') return 'too many levels of symbolic links';
  return e.message ?? String(err);
}
