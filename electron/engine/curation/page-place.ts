// Where a write lands: the page's file, or where a new page goes — always inside a configured
// root, never through a symlink, never onto a file the index does not know.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest } from '../../../shared/errors.ts';
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
  const row = findPageRow(db, input.key, input.agent);
  if (!row && !input.mayCreate) throw new BadRequest(`no page with key "${input.key}" to ${input.verb}`);
  if (row && roots.includes(row.root)) return checked(row.root, row.path, true);
  if (row) throw new BadRequest(`page "${input.key}" is in ${row.root}, which is not a configured root: Cairn writes only into its roots`);
  const root = input.root === undefined ? roots[0] : roots.find((r) => r === path.resolve(input.root!));
  if (!root) throw new BadRequest(`root ${input.root} is not a configured root; roots: ${roots.join(', ')}`);
  const scoped = isScopedRoot(root);
  const rel = input.path ?? (scoped ? (input.agent ? `user/${input.agent}/${input.key}.md` : `global/${input.key}.md`) : `${input.key}.md`);
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
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  const dirReal = fs.realpathSync(path.dirname(abs));
  if (dirReal !== rootReal && !dirReal.startsWith(rootReal + path.sep)) throw new BadRequest(`${rel} lies behind a symlink out of the root: Cairn never writes through one`);
  return { root, rel, abs, exists, scope: scopeOf(rel, isScopedRoot(root)) };
}
