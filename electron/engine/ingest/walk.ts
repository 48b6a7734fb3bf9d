// Lists the files of one root, honouring ignore rules, following symlinks without looping.
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isTempName } from './temp-files.ts';
import { realSpaces, sameSpace, spaceName, type RealPlace, type RealSpaces } from './real-space.ts';
import { isScopedRoot, scopeOf } from './scope.ts';

/** Never worth indexing: dot-files and dot-folders are tooling and caches (`.git/`, `.obsidian/`,
 * `.cairnignore` itself), `_folders` are site templates (`_layouts/`). */
export const DEFAULT_IGNORES = ['.*', 'node_modules/', 'dist/', '*.log', '_*/'];

export interface WalkedFile {
  relPath: string; // POSIX separators, relative to the root
  absPath: string;
  /** Where the walk found the file really is: the space it was checked in, and the file a read must open. */
  realPath: string;
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
  /** Whether the ignore rules this walk used leave `rel` out, or the walk left it out for its real
   * path (ignored there, or in another space): a row the index holds for it is removed. */
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
 * `roots`: every root of the index, so that a symlink into another root's agent space is known as one.
 */
export function walkPaths(root: string, rels: string[], extraPatterns: string[] = [], roots: readonly string[] = [root]): WalkResult {
  const ig = buildIgnore(root, extraPatterns);
  const rootReal = fs.realpathSync(root);
  const leftOut = new Set<string>();
  const leftOutFolders: string[] = [];
  const out: WalkResult = {
    files: [],
    problems: [],
    ignores: (rel) => ig.ignores(rel) || leftOut.has(rel) || leftOutFolders.some((f) => rel.startsWith(`${f}/`)),
    temps: [],
  };
  const igs = new Map<string, Ignore>([[root, ig]]);
  const ignoresReal = (place: RealPlace) => {
    if (place.rel === '') return false;
    let rules = igs.get(place.root);
    if (!rules) igs.set(place.root, (rules = buildIgnore(place.root, extraPatterns)));
    return rules.ignores(place.rel);
  };
  const walk: Walk = {
    ig,
    rootReal,
    scoped: isScopedRoot(root),
    spaces: realSpaces([root, ...roots]),
    ignoresReal,
    leftOut,
    leftOutFolders,
    crossings: new Set(),
    out,
  };
  for (const rel of rels) {
    if (rel === '') {
      visitDir(walk, root, '', { ancestors: new Set([rootReal]), real: rootReal, link: null });
      continue;
    }
    if (walk.ig.ignores(rel)) continue;
    visitPath(walk, root, rel);
  }
  const seen = new Set<string>();
  walk.out.files = walk.out.files.filter((f) => !seen.has(f.relPath) && seen.add(f.relPath));
  walk.out.files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return walk.out;
}

interface Walk {
  ig: Ignore;
  rootReal: string;
  /** Whether the root is a scoped wiki (ingest/scope.ts). */
  scoped: boolean;
  spaces: RealSpaces;
  /** Whether the ignore rules of the root that holds a real path leave it out. */
  ignoresReal(place: RealPlace): boolean;
  /** The files and folders (root-relative) the walk left out for their real paths. */
  leftOut: Set<string>;
  leftOutFolders: string[];
  /** The symlinks into another space already reported. */
  crossings: Set<string>;
  out: WalkResult;
}

/** A folder as the walk reaches it. */
interface Folder {
  /** The real paths of the folders above and of this one: a symlink back into one is a loop. */
  ancestors: Set<string>;
  real: string;
  /** The nearest symlink on the way down (root-relative), which a problem about its files names. */
  link: string | null;
}

/** One path a watcher or a write named: a file, or a folder and everything under it. */
function visitPath(walk: Walk, root: string, rel: string): void {
  const abs = path.join(root, rel);
  const stat = statEntry(walk, abs, rel, true);
  if (!stat?.isDirectory() && !stat?.isFile()) return;
  const ancestors = realAncestors(root, rel);
  // a watcher that follows links reports a loop's nested paths (global/loop/loop/a.md): the walk never reaches them
  if (!ancestors) {
    walk.out.problems.push({ relPath: rel, severity: 'skipped', reason: 'symlink loop: a folder on its path links back to a folder above it; not followed' });
    return;
  }
  const real = realOrNull(abs);
  if (real === null) return;
  if (stat.isFile()) addFile(walk, abs, rel, stat, real, rel);
  else if (!walk.ig.ignores(`${rel}/`) && !ignoredFolder(walk, rel, real))
    visitDir(walk, abs, rel, { ancestors, real, link: real === path.join(walk.rootReal, rel) ? null : rel });
}

function visitDir(walk: Walk, abs: string, rel: string, folder: Folder): void {
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
      const real = realOrNull(childAbs);
      if (real === null || ignoredFolder(walk, childRel, real)) continue;
      if (folder.ancestors.has(real)) {
        walk.out.problems.push({ relPath: childRel, severity: 'skipped', reason: 'symlink loop: links back to a folder above it; not followed' });
        continue;
      }
      if (entry.isSymbolicLink()) noteOutsideLink(walk, childRel, real);
      visitDir(walk, childAbs, childRel, { ancestors: new Set(folder.ancestors).add(real), real, link: entry.isSymbolicLink() ? childRel : folder.link });
    } else if (stat.isFile()) {
      if (walk.ig.ignores(childRel)) continue;
      const real = entry.isSymbolicLink() ? realOrNull(childAbs) : path.join(folder.real, entry.name);
      if (real === null) continue;
      if (entry.isSymbolicLink()) noteOutsideLink(walk, childRel, real);
      addFile(walk, childAbs, childRel, stat, real, entry.isSymbolicLink() ? childRel : folder.link);
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

/** `link`: the symlink on the way, if any, which a file in another space is reported by. */
function addFile(walk: Walk, abs: string, rel: string, stat: fs.Stats, real: string, link: string | null): void {
  const place = walk.spaces.at(real);
  // the real path decides: a link is no way to index what the ignore rules leave out
  if (place && walk.ignoresReal(place)) {
    walk.leftOut.add(rel);
    return;
  }
  const lands = walk.spaces.of(real);
  const named = scopeOf(rel, walk.scoped);
  if (lands && !sameSpace(lands, named)) {
    const at = link ?? rel;
    if (!walk.crossings.has(at)) {
      walk.crossings.add(at);
      walk.out.problems.push({
        relPath: at,
        severity: 'skipped',
        reason: `symlink into ${spaceName(lands)}, not ${spaceName(named)}: its files are indexed at their real paths only`,
      });
    }
    walk.leftOut.add(rel);
    return;
  }
  walk.out.files.push({ relPath: rel, absPath: abs, realPath: real, mtimeMs: stat.mtimeMs, size: stat.size });
}

/** Whether the folder at `rel` really is one the ignore rules leave out (`global/pub -> ../private`). */
function ignoredFolder(walk: Walk, rel: string, real: string): boolean {
  const place = walk.spaces.at(real);
  if (!place || !walk.ignoresReal({ root: place.root, rel: place.rel === '' ? '' : `${place.rel}/` })) return false;
  walk.leftOutFolders.push(rel);
  return true;
}

/** Obsidian users link folders in from elsewhere: read them, but say so, since that is not the wiki's own folder. */
function noteOutsideLink(walk: Walk, rel: string, real: string): void {
  if (real === walk.rootReal || real.startsWith(walk.rootReal + path.sep)) return;
  walk.out.problems.push({ relPath: rel, severity: 'warning', reason: `symlink to ${real}, outside the root: indexed, but Cairn never writes through it` });
}

/** Whether a folder on the way from the root to `rel` links back to one above it (`global/loop -> .`). */
export function throughLoop(root: string, rel: string): boolean {
  return realAncestors(root, rel) === null;
}

/** The real paths of the root and of each folder from it down to `rel`; null when one of them
 * is a folder above it again (a symlink loop on the way). */
function realAncestors(root: string, rel: string): Set<string> | null {
  const out = new Set([fs.realpathSync(root)]);
  const parts = rel.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const real = realOrNull(path.join(root, ...parts.slice(0, i)));
    if (real === null) break;
    if (out.has(real)) return null;
    out.add(real);
  }
  return out;
}

/** Where a path really is; null when it went since it was listed (or is a dangling symlink). */
function realOrNull(abs: string): string | null {
  try {
    return fs.realpathSync(abs);
  } catch {
    return null;
  }
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
