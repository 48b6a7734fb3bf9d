// Where a write lands: the page's file, or where a new page goes — always inside a configured
// root, never through a symlink out of it or into another space, never onto a file the index does
// not know, and never onto another page than the key's.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest, CairnError, NotFound, WriteConflict } from '../../../shared/errors.ts';
import type { Store } from '../store/store.ts';
import { isScopedRoot, keyOf, scopeOf } from '../ingest/scope.ts';
import { buildIgnore } from '../ingest/walk.ts';
import { spaceName } from '../ingest/real-space.ts';
import { assertPortableName } from './page-name.ts';

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
  /** Where the checks found the file really lands (root-relative, POSIX): the rename must land there too. */
  real: string;
}

/** The page's file, or where a new one goes; inside a configured root, never through a symlink. */
export async function locate(store: Store, roots: readonly string[], input: PlaceRequest): Promise<Place> {
  if (CONTROL.test(input.key) || (input.agent && CONTROL.test(input.agent)))
    throw new BadRequest(`the key or agent ${JSON.stringify(input.key)} holds a control character: a page's name never does`);
  const rel = input.path === undefined ? null : insideRel(input.path);
  // a root and path name exactly one page (of several with the key, the one asked for); else
  // a path into user/<agent>/ asks for that agent's page of the key (its own, else the shared one it would shadow)
  const row = (await pageAt(store, input, rel)) ?? (await store.pages.byKey(input.key, (rel === null ? null : userOf(rel)) ?? input.agent));
  if (!row && !input.mayCreate) throw new NotFound(`no page with key "${input.key}" to ${input.verb}`);
  if (row && !roots.includes(row.root))
    throw new BadRequest(`page "${input.key}" is in ${row.root}, which is not a configured root: Cairn writes only into its roots`);
  const asked = input.root === undefined ? (row?.root ?? roots[0]) : roots.find((r) => r === path.resolve(input.root!));
  if (!asked) throw new BadRequest(`root ${input.root} is not a configured root; roots: ${roots.join(', ')}`);
  const scoped = isScopedRoot(asked);
  if (row && !(rel !== null && shadows(row, asked, rel, scoped))) {
    if ((rel !== null && !sameFile(row.path, rel, scoped)) || asked !== row.root) {
      throw new WriteConflict(
        row.path,
        `key "${input.key}" is the page ${where(row.root, row.path, roots)}, not ${where(asked, rel ?? row.path, roots)}: a key names one page in its space, so nothing was written (leave "path" out to write that page, or choose another key)`,
      );
    }
    return checked(row.root, row.path, true);
  }
  // a key with .md names the page without it, as every lookup takes it (pages.byKey)
  const key = input.key.replace(/\.md$/i, '');
  const norm = rel ?? (scoped ? (input.agent ? `user/${input.agent}/${key}.md` : `global/${key}.md`) : `${key}.md`);
  if (keyOf(norm).toLowerCase() !== key.toLowerCase()) throw new BadRequest(`a page's key is its file name: path "${input.path}" does not name "${input.key}"`);
  assertPortableName(key, norm);
  if (buildIgnore(asked, []).ignores(norm)) throw new BadRequest(`path "${norm}" is ignored by the root's ignore rules, so it would never be indexed`);
  return checked(asked, norm, false);
}

/** The page of this key at the root and path asked for, if there is one. */
async function pageAt(store: Store, input: PlaceRequest, rel: string | null) {
  if (rel === null || input.root === undefined) return null;
  const row = await store.pages.byPlace(path.resolve(input.root), rel);
  return row && row.key.toLowerCase() === input.key.replace(/\.md$/i, '').toLowerCase() ? row : null;
}

/** A client's `path`, normalised; refused unless it is a .md path inside the root. */
function insideRel(asked: string): string {
  if (CONTROL.test(asked)) throw new BadRequest(`path ${JSON.stringify(asked)} holds a control character`);
  const norm = path.posix.normalize(asked.replace(/\\/g, '/'));
  if (path.posix.isAbsolute(norm) || norm.startsWith('../') || norm === '..' || !norm.endsWith('.md'))
    throw new BadRequest(`path "${asked}" must be a .md path inside the root`);
  return norm;
}

/** Whether `rel` names the page at `pagePath`: in any case and Unicode form, and in a scoped root with its global/ left out. */
function sameFile(pagePath: string, rel: string, scoped: boolean): boolean {
  const p = pagePath.toLowerCase().normalize('NFC');
  const r = rel.toLowerCase().normalize('NFC');
  return p === r || (scoped && p === `global/${r}`);
}

/** An agent's own page beside a shared one of the same key: a new page in user/<agent>/, not the shared one. */
function shadows(row: { root: string; scope: string }, root: string, rel: string, scoped: boolean): boolean {
  return row.root === root && row.scope === 'global' && scopeOf(rel, scoped).kind === 'user';
}

/** The agent whose space `rel` would be in a scoped root, or null. */
const userOf = (rel: string) => scopeOf(rel, true).agent;

const where = (root: string, rel: string, roots: readonly string[]) => (roots.length > 1 ? `${rel} in ${root}` : rel);

/**
 * `root/rel` as a write may use it. A folder on the way may be a symlink within the root (vaults
 * link folders into each other), but the real file must lie inside the root, in the space `rel`
 * names and outside the ignore rules: otherwise `global/x -> ../user/bob` would let anyone write
 * bob's pages. Folders are made only after the checks, so a refused write leaves nothing behind.
 */
export function checked(root: string, rel: string, exists: boolean): Place {
  const abs = path.join(root, rel);
  const rootReal = fs.realpathSync(root);
  if (exists && fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink()) throw new BadRequest(`${rel} is a symlink: Cairn never writes through one`);
  const real = realRel(rootReal, abs);
  if (real === null) throw new BadRequest(`${rel} lies behind a symlink out of the root: Cairn never writes through one`);
  const scoped = isScopedRoot(root);
  if (real !== rel) refuseCrossing(root, rel, real, scoped);
  makeFolders(root, rel);
  const place = { root, rel, abs, exists, scope: scopeOf(rel, scoped), real };
  // the folders may have changed between the check and the mkdir: the file must still go where it was checked to
  refuseMoved(place);
  return place;
}

/**
 * Refuses a write whose folders changed since `checked` (a folder swapped for a symlink while the
 * write waited for the database's lock, which another process may hold for seconds). Called again
 * under the lock just before the rename, so a write lands where its space was checked or nowhere.
 */
export function refuseMoved(place: Place): void {
  const now = realRel(fs.realpathSync(place.root), place.abs);
  if (now === place.real) return;
  if (now !== null) refuseCrossing(place.root, place.rel, now, isScopedRoot(place.root));
  throw new BadRequest(`${place.rel} lies behind a symlink that changed while it was written: nothing was written`);
}

/** The page's folders; a file where a folder should be is the client's path, named, not a server error. */
function makeFolders(root: string, rel: string): void {
  try {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw err;
    const parts = rel.split('/').slice(0, -1);
    const ways = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    const file = ways.find((f) => !fs.statSync(path.join(root, f), { throwIfNoEntry: false })?.isDirectory()) ?? path.posix.dirname(rel);
    throw new BadRequest(`path "${rel}" goes through ${file}, which is a file, not a folder: nothing was written`);
  }
}

/** Where `abs` really lands, relative to the root's real path (POSIX); null when outside it or behind a dangling link. */
function realRel(rootReal: string, abs: string): string | null {
  const above = existingAncestor(path.dirname(abs));
  const aboveReal = realOrNull(above);
  if (aboveReal === null || (aboveReal !== rootReal && !aboveReal.startsWith(rootReal + path.sep))) return null;
  return path
    .relative(rootReal, path.join(aboveReal, path.relative(above, abs)))
    .split(path.sep)
    .join('/');
}

/** A write whose real path is in another space than it names, or ignored, is refused. */
function refuseCrossing(root: string, rel: string, real: string, scoped: boolean): void {
  const named = scopeOf(rel, scoped);
  const lands = scopeOf(real, scoped);
  if (named.kind !== lands.kind || named.agent !== lands.agent) {
    throw new CairnError(
      'forbidden',
      `${rel} is really ${real} (a symlinked folder on the way), in ${spaceName(lands)}, not ${spaceName(named)}: a write lands only in the space it names; nothing was written`,
    );
  }
  if (buildIgnore(root, []).ignores(real))
    throw new BadRequest(`${rel} is really ${real} (a symlinked folder on the way), which the root's ignore rules leave out: nothing was written`);
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
