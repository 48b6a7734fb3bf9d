// The one way Cairn writes a page, for every door: find or place the file inside a configured
// root, refuse links to pages that do not exist, refuse to overwrite a version the writer never
// saw, then write atomically (a temp file beside the page, renamed over it) and log it — the check,
// the rename and the audit entry under the database's write lock, so two Cairn writers never
// interleave. The caller re-indexes the page.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest } from '../../../shared/contract.ts';
import type { AuditEntry } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';
import { writeTransaction } from '../store/write-lock.ts';
import { findPageRow } from '../graph/page-view.ts';
import { GraphLookup, type PageNode } from '../graph/lookup.ts';
import { Resolver } from '../graph/resolve.ts';
import { decodePage } from '../ingest/decode.ts';
import { parsePage } from '../ingest/parse/page.ts';
import { isScopedRoot, keyOf, scopeOf } from '../ingest/scope.ts';
import { buildIgnore } from '../ingest/walk.ts';
import { appendAudit } from './audit.ts';
import { editPage, type FieldChanges } from './frontmatter-edit.ts';

export interface WriteInput {
  key: string;
  agent: string | null;
  /** For a page that does not exist yet: which configured root (default the first) and where in it. */
  root?: string | undefined;
  path?: string | undefined;
  fields: FieldChanges;
  body?: string | undefined;
  actor: string;
  /** The content hash the writer started from; null: the writer expects no page there yet. */
  baseHash?: string | null | undefined;
  action: AuditEntry['action'];
}

export interface WriteResult {
  key: string;
  root: string;
  path: string;
  created: boolean;
  hashBefore: string | null;
  hashAfter: string;
}

/** The file changed since the writer read it: nothing was written, and nothing of either side is lost. */
export class WriteConflict extends BadRequest {
  constructor(file: string) {
    super(`${file} changed since you read it (another writer, an editor or a pull): nothing was written; read it again and reapply your change`);
    this.name = 'WriteConflict';
  }
}

interface Place {
  root: string;
  rel: string;
  abs: string;
  exists: boolean;
  scope: { kind: 'global' | 'user'; agent: string | null };
}

const sha1 = (bytes: Buffer) => crypto.createHash('sha1').update(bytes).digest('hex');

/** `roots`: where Cairn may write, the first being where new pages go by default. */
export async function writePage(db: Db, roots: readonly string[], input: WriteInput): Promise<WriteResult> {
  const place = locate(db, roots, input);
  const before = place.exists ? fs.readFileSync(place.abs) : null;
  const hashBefore = before ? sha1(before) : null;
  if (input.baseHash !== undefined && input.baseHash !== hashBefore) throw new WriteConflict(place.rel);
  const oldText = before ? pageText(before, place.rel) : '';
  const text = editPage(oldText, input.fields, input.body);
  refuseNewDanglingLinks(db, place, input.key, oldText, text);
  const bytes = Buffer.from(before && hasBom(before) ? `\ufeff${text}` : text, 'utf8');
  const hashAfter = sha1(bytes);
  await writeTransaction(db, () => {
    const now = fs.existsSync(place.abs) ? sha1(fs.readFileSync(place.abs)) : null;
    if (now !== hashBefore) throw new WriteConflict(place.rel);
    replaceAtomically(place.abs, bytes);
    appendAudit(db, { actor: input.actor, action: place.exists ? input.action : 'create', root: place.root, path: place.rel, key: input.key, hashBefore, hashAfter });
  });
  return { key: input.key, root: place.root, path: place.rel, created: !place.exists, hashBefore, hashAfter };
}

/** The page's file, or where a new one goes; inside a configured root, never through a symlink. */
function locate(db: Db, roots: readonly string[], input: WriteInput): Place {
  const row = findPageRow(db, input.key, input.agent);
  if (!row && input.action !== 'write') throw new BadRequest(`no page with key "${input.key}" to ${input.action}`);
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

function checked(root: string, rel: string, exists: boolean): Place {
  const abs = path.join(root, rel);
  const rootReal = fs.realpathSync(root);
  if (exists && fs.lstatSync(abs).isSymbolicLink()) throw new BadRequest(`${rel} is a symlink: Cairn never writes through one`);
  if (!exists && fs.existsSync(abs)) throw new BadRequest(`${rel} exists but is not an indexed page; re-index, then write`);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  const dirReal = fs.realpathSync(path.dirname(abs));
  if (dirReal !== rootReal && !dirReal.startsWith(rootReal + path.sep)) throw new BadRequest(`${rel} lies behind a symlink out of the root: Cairn never writes through one`);
  return { root, rel, abs, exists, scope: scopeOf(rel, isScopedRoot(root)) };
}

function pageText(bytes: Buffer, rel: string): string {
  const decoded = decodePage(bytes);
  if (!decoded.ok) throw new BadRequest(`${rel} is not a text page (${decoded.reason}): Cairn will not rewrite it`);
  if (decoded.warning) throw new BadRequest(`${rel} is not valid UTF-8 (${decoded.warning}): rewriting it would change bytes you did not touch`);
  return decoded.text;
}

function hasBom(bytes: Buffer): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** Links the write adds that name no page or file: refused, listing them, before anything is written.
 * Links that were already broken before this write are left to the broken-links report. */
function refuseNewDanglingLinks(db: Db, place: Place, key: string, oldText: string, text: string): void {
  const lookup = new GraphLookup(db);
  const resolver = new Resolver(lookup);
  const rootId = (db.prepare(`SELECT id FROM roots WHERE path = ?`).pluck().get(place.root) as number | undefined) ?? -1;
  const self: PageNode = { id: -1, rootId, rootPath: place.root, relPath: place.rel, keyLower: key.toLowerCase(), scope: place.scope.kind, agent: place.scope.agent, headings: [], blockIds: [] };
  const missing = (t: string) => {
    const out = new Set<string>();
    for (const l of parsePage(key, place.rel, t).links) {
      if (l.kind === 'source' || l.target.trim() === '' || keyOf(l.target.trim()).toLowerCase() === self.keyLower) continue;
      if (resolver.resolve(self, l.kind, l.target, null).reason === 'missing-page') out.add(l.target.trim());
    }
    return out;
  };
  const before = missing(oldText);
  const added = [...missing(text)].filter((t) => !before.has(t));
  if (added.length) throw new BadRequest(`refused: the page links to ${added.length === 1 ? 'a page that does not exist' : 'pages that do not exist'}: ${added.join(', ')}. Nothing was written; create ${added.length === 1 ? 'it' : 'them'} first or fix the link${added.length === 1 ? '' : 's'}`);
}

/** A temp file beside the page (a dot-file: the watcher and the walk ignore it), flushed, renamed over the page. */
function replaceAtomically(abs: string, bytes: Buffer): void {
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.cairn-${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, 'wx');
  try {
    fs.writeSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, abs);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
