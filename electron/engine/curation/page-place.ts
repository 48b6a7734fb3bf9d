// Where a write lands: the page's file, or where a new page goes — always inside a configured
// root, never through a symlink, never onto a file the index does not know.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest, NotFound } from '../../../shared/errors.ts';
import type { Db } from '../store/database.ts';
import { findPageRow } from '../graph/page-view.ts';
import { isScopedRoot, keyOf, scopeOf } from '../ingest/scope.ts';
import { buildIgnore } from '../ingest/walk.ts';

export interface PlaceRequest {
  key: string;
  agent: string | null;
  /** For a page that does not exist yet: which configured root (default the first) and where in it. */
  root?: string | undefined;
  path?: string | undefined;
  /** Only a plain write may create a page. */
  mayCreate: boolean;
  /** In words, for the error when there is no such page: "review", "archive"… */
  verb: string;
}

export interface Place {
  root: string;
  rel: string;
  abs: string;
  exists: boolean;
  scope: { kind: 'global' | 'user'; agent: string | null };
}

/** The page's file, or where a new one goes; inside a configured root, never through a symlink. */
export function locate(db: Db, roots: readonly string[], input: PlaceRequest): Place {
  if (CONTROL.test(input.key) || (input.agent && CONTROL.test(input.agent))) throw new BadRequest(`the key or agent ${JSON.stringify(input.key)} holds a control character: a page's name never does`);
  const row = findPageRow(db, input.key, input.agent);
  if (!row && !input.mayCreate) throw new NotFound(`no page with key "${input.key}" to ${input.verb}`);
  if (row && roots.includes(row.root)) return checked(row.root, row.path, true);
  if (row) throw new BadRequest(`page "${input.key}" is in ${row.root}, which is not a configured root: Cairn writes only into its roots`);
  const root = input.root === undefined ? roots[0] : roots.find((r) => r === path.resolve(input.root!));
  if (!root) throw new BadRequest(`root ${input.root} is not a configured root; roots: ${roots.join(', ')}`);
  const scoped = isScopedRoot(root);
  const rel = input.path ?? (scoped ? (input.agent ? `user/${input.agent}/${input.key}.md` : `global/${input.key}.md`) : `${input.key}.md`);
  if (CONTROL.test(rel)) throw new BadRequest(`path ${JSON.stringify(rel)} holds a control character`);
  const norm = path.posix.normalize(rel.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(norm) || norm.startsWith('../') || norm === '..' || !norm.endsWith('.md')) throw new BadRequest(`path "${rel}" must be a .md path inside the root`);
  if (keyOf(norm).toLowerCase() !== input.key.toLowerCase()) throw new BadRequest(`a page's key is its file name: path "${rel}" does not name "${input.key}"`);
  if (buildIgnore(root, []).ignores(norm)) throw new BadRequest(`path "${rel}" is ignored by the root's ignore rules, so it would never be indexed`);
  return checked(root, norm, false);
}

export function checked(root: string, rel: string, exists: boolean): Place {
  const abs = path.join(root, rel);
  const rootReal = fs.realpathSync(root);
  if (exists && fs.lstatSync(abs).isSymbolicLink()) throw new BadRequest(`${rel} is a symlink: Cairn never writes through one`);
  if (!exists && fs.existsSync(abs)) throw new BadRequest(`${rel} exists but is not an indexed page; re-index, then write`);
  // the folders that exist already must be the root's own before any is made: a symlinked one would have them made elsewhere
  const inside = (real: string) => real === rootReal || real.startsWith(rootReal + path.sep);
  if (!inside(realOrNull(existingAncestor(path.dirname(abs))) ?? '')) throw new BadRequest(`${rel} lies behind a symlink out of the root: Cairn never writes through one`);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  const dirReal = fs.realpathSync(path.dirname(abs));
  if (!inside(dirReal)) throw new BadRequest(`${rel} lies behind a symlink out of the root: Cairn never writes through one`);
  return { root, rel, abs, exists, scope: scopeOf(rel, isScopedRoot(root)) };
}

/** NUL and the other C0 controls: no file name Cairn writes holds one (fs would refuse NUL with an internal error). */
const CONTROL = /[\u0000-\u001f]/;

/** The nearest folder at or above `dir` that exists. */
function existingAncestor(dir: string): string {
  let d = dir;
  while (!fs.lstatSync(d, { throwIfNoEntry: false })) {
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  return d;
}

/** Where a path really is; null for a dangling symlink. */
function realOrNull(p: string): string | null {
  try {
    return fs.realpathSync(p);
  } catch {
    return null;
  }
}
