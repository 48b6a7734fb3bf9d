// Lists the files of one root, honouring ignore rules, following symlinks without looping.
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

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
  reason: string;
}

export interface WalkResult {
  files: WalkedFile[];
  problems: WalkProblem[];
}

export function buildIgnore(root: string, extraPatterns: string[]): Ignore {
  const ig = ignore().add(DEFAULT_IGNORES).add(extraPatterns);
  const file = path.join(root, '.cairnignore');
  if (fs.existsSync(file)) ig.add(fs.readFileSync(file, 'utf8'));
  return ig;
}

export function walkRoot(root: string, extraPatterns: string[] = []): WalkResult {
  const ig = buildIgnore(root, extraPatterns);
  const result: WalkResult = { files: [], problems: [] };
  const rootReal = fs.realpathSync(root);
  visitDir(root, '', new Set([rootReal]), ig, result);
  result.files.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0));
  return result;
}

/** `ancestors` holds the real paths of the directories above: a symlink back into one is a loop. */
function visitDir(abs: string, rel: string, ancestors: Set<string>, ig: Ignore, out: WalkResult): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(abs, { withFileTypes: true });
  } catch (err) {
    out.problems.push({ relPath: rel || '.', reason: `unreadable folder: ${errorText(err)}` });
    return;
  }
  for (const entry of entries) {
    const childAbs = path.join(abs, entry.name);
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    let stat: fs.Stats;
    try {
      stat = entry.isSymbolicLink() ? fs.statSync(childAbs) : fs.lstatSync(childAbs);
    } catch (err) {
      if (!ig.ignores(childRel)) out.problems.push({ relPath: childRel, reason: `unreadable: ${errorText(err)}` });
      continue;
    }
    if (stat.isDirectory()) {
      if (ig.ignores(`${childRel}/`)) continue;
      const real = fs.realpathSync(childAbs);
      if (ancestors.has(real)) {
        out.problems.push({ relPath: childRel, reason: 'symlink loop: links back to a folder above it; not followed' });
        continue;
      }
      visitDir(childAbs, childRel, new Set(ancestors).add(real), ig, out);
    } else if (stat.isFile()) {
      if (ig.ignores(childRel)) continue;
      out.files.push({ relPath: childRel, absPath: childAbs, mtimeMs: stat.mtimeMs, size: stat.size });
    }
  }
}

export function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EACCES' || e.code === 'EPERM') return 'permission denied';
  if (e.code === 'ENOENT') return 'no such file (a broken symlink?)';
  if (e.code === 'ELOOP') return 'too many levels of symbolic links';
  return e.message ?? String(err);
}
