// What fixing one broken link writes: the linking page with the link pointed elsewhere or turned
// back into text, or a new stub page for the missing target. Planned from the file as it is on disk
// and handed to the one write path with that file's hash, so a change in between is a conflict.
import fs from 'node:fs';
import path from 'node:path';
import { BadRequest, WriteConflict } from '../../../shared/errors.ts';
import type { FileChange, FixLinkRequest } from '../../../shared/fixes.ts';
import type { LinkKind } from '../../../shared/page.ts';
import { GraphLookup } from '../graph/lookup.ts';
import type { PageRecord } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import { Resolver } from '../graph/resolve.ts';
import { pageNamed } from '../graph/page-ref.ts';
import { isPathName, placesOf } from '../../../shared/page-path.ts';
import { inSpacesOf } from '../../../shared/viewer.ts';
import { isScopedRoot, keyOf, scopeOf } from '../ingest/scope.ts';
import { sha1 } from './atomic-file.ts';
import { editPage } from './frontmatter-edit.ts';
import { lineChanges } from './line-diff.ts';
import { relativeLink, retargetOnLine, unlinkOnLine, type WrittenLink } from './link-edit.ts';
import { pageText, type WriteInput } from './write-page.ts';

export interface FixPlan {
  write: Omit<WriteInput, 'actor'>;
  change: FileChange;
}

export type Source = PageRecord;

/** The page the link is in: at the root and path given (of several with its key), else by key. */
export async function linkingPage(store: Store, req: Pick<FixLinkRequest, 'key' | 'root' | 'path' | 'agent'>): Promise<Source> {
  const source = await pageNamed(store, req, { agent: req.agent ?? null });
  if (!source)
    throw new BadRequest(req.root !== undefined && req.path !== undefined ? `no page at ${req.path} in ${req.root}` : `no page with key "${req.key}"`);
  return source;
}

export async function planFix(store: Store, req: FixLinkRequest): Promise<FixPlan> {
  const source = await linkingPage(store, req);
  const links = await writtenLinks(store, source, req);
  const link = links[0]!;
  if (req.action === 'stub') return await planStub(store, source, link, req.line);
  const bytes = readSource(source);
  refuseUnindexed(source, bytes);
  const before = pageText(bytes, source.path);
  const after = req.action === 'remove' ? removed(source, links, before, req.line) : await retargeted(store, source, links, before, req);
  const detail = `${req.action === 'remove' ? 'removed the link to' : 'retargeted'} ${link.target}${req.action === 'retarget' ? ` → ${req.to}` : ''} on line ${req.line}`;
  return {
    // the linking page by its place: of several with its key, this one (by key alone, the first)
    write: {
      key: source.key,
      agent: source.agent,
      root: source.root,
      path: source.path,
      fields: {},
      text: after,
      baseHash: sha1(bytes),
      action: 'fix',
      detail,
    },
    change: { root: source.root, path: source.path, key: source.key, created: false, lines: lineChanges(before, after) },
  };
}

/** The linking page as it is on disk; deleted since the index read it, it is a conflict, as for any write. */
export function readSource(source: Source): Buffer {
  try {
    return fs.readFileSync(path.join(source.root, source.path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw new WriteConflict(source.path, `${source.path} was deleted since the index read it: there is no link left to fix, and nothing was written`, {
      hash: null,
    });
  }
}

/**
 * The line, the column and the frontmatter lists a fix goes by are the index's, of the file it read:
 * in a file changed since, they may name other text (a code span now where the link was) or drop
 * list items written since, so the fix waits for the page to be indexed again.
 */
export function refuseUnindexed(source: Source, bytes: Buffer): void {
  if (sha1(bytes) === source.content_hash) return;
  throw new WriteConflict(
    source.path,
    `${source.path} changed since it was indexed, so the link's line and column may no longer be where it is: nothing was written (re-index, then fix it from the new report)`,
  );
}

/** A link as the index knows it, in the frontmatter (no column) or on a line (at its column). */
export type IndexedLink = Omit<WrittenLink, 'column'> & { column: number | null };

/**
 * The links the request names, as the index knows them on that line: the one at its column, or
 * without a column every link to the target there. A request can only fix a link that is there, and
 * text that merely looks like one (in a code span) is not indexed, so it is never among them.
 */
export async function writtenLinks(
  store: Store,
  source: Source,
  req: Pick<FixLinkRequest, 'line' | 'column' | 'target' | 'kind'>,
): Promise<[IndexedLink, ...IndexedLink[]]> {
  const rows = (await store.links.writtenOn(source.id, req.line, req.target, req.kind ?? null)).filter(
    (l) => req.column === undefined || l.column === req.column,
  );
  const where = req.column === undefined ? `line ${req.line}` : `line ${req.line}, column ${req.column}`;
  if (!rows.length) throw new BadRequest(`${source.path} has no link to "${req.target}" on ${where} (the page may have changed: re-index and look again)`);
  return rows as [IndexedLink, ...IndexedLink[]];
}

export const FRONTMATTER_FIELD: Partial<Record<LinkKind, string>> = { ref: 'refs', source: 'sources' };

function removed(source: Source, links: IndexedLink[], text: string, line: number): string {
  const link = links[0]!;
  const field = FRONTMATTER_FIELD[link.kind];
  if (field) return editList(source, text, field, (items) => items.filter((t) => t !== link.target));
  return editLine(source, text, line, links, unlinkOnLine);
}

async function retargeted(store: Store, source: Source, links: IndexedLink[], text: string, req: FixLinkRequest): Promise<string> {
  const link = links[0]!;
  if (!req.to) throw new BadRequest('retarget needs `to`: the key of the page the link should point at');
  if (link.kind === 'source') throw new BadRequest('a source names a file outside the wiki, not a page: edit its path by hand, or remove it');
  const page = await retargetPage(store, source, req.to);
  if (!page) throw new BadRequest(`no page ${isPathName(req.to) ? 'at' : 'with key'} "${req.to}" to point the link at`);
  if (link.kind === 'markdown') {
    if (page.root !== source.root) throw new BadRequest(`"${req.to}" is in another root (${page.root}): a markdown link cannot reach it; use a wikilink`);
    const dest = relativeLink(source.path, page.path);
    return editLine(source, text, req.line, links, (l, at) => retargetOnLine(l, at, dest));
  }
  const to = await linkText(store, source, page);
  const field = FRONTMATTER_FIELD[link.kind];
  if (field) return editList(source, text, field, (items) => items.map((t) => (t === link.target ? to : t)));
  return editLine(source, text, req.line, links, (l, at) => retargetOnLine(l, at, to));
}

/** The page `to` names: a path in the linking page's root (of pages sharing a name, that one), else a key, in the link's spaces. */
async function retargetPage(store: Store, source: Source, to: string): Promise<Source | null> {
  if (!isPathName(to)) return store.pages.byKey(to, source.agent);
  for (const place of placesOf(to, [source.root])) {
    const page = await pageNamed(store, place, { agent: source.agent });
    if (page && inSpacesOf(source.agent, page)) return page;
  }
  return null;
}

/** The shortest text that leads from the source to the page: its key, or its path when the key means another page. */
async function linkText(store: Store, source: Source, page: Source): Promise<string> {
  const lookup = new GraphLookup(store);
  const from = (await lookup.page(source.id))!;
  const byKey = await new Resolver(lookup).resolve(from, 'wikilink', page.key, null);
  return byKey.targetPageId === page.id ? page.key : page.path.replace(/\.md$/i, '');
}

/** The text with `edit` made to each link on the line, the rightmost first so the columns of the others still hold. */
export function editLine(source: Source, text: string, line: number, links: IndexedLink[], edit: (line: string, link: WrittenLink) => string | null): string {
  const lines = text.split('\n');
  let changed: string | null = line <= lines.length ? lines[line - 1]! : null;
  for (const link of [...links].sort((a, b) => (b.column ?? 0) - (a.column ?? 0))) {
    // an index from before columns were kept: its next run fills them in
    if (link.column === null) throw new BadRequest(`the index does not know where on line ${line} of ${source.path} the link starts: re-index and look again`);
    changed = changed === null ? null : edit(changed, { ...link, column: link.column });
  }
  if (changed === null) throw new BadRequest(`line ${line} of ${source.path} no longer holds that link: re-index and look again`);
  lines[line - 1] = changed;
  return lines.join('\n');
}

export function editList(source: Source, text: string, field: string, edit: (items: string[]) => string[]): string {
  const fm = JSON.parse(source.frontmatter) as Record<string, unknown>;
  const value = fm[field];
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const next = edit(items);
  return editPage(text, { [field]: next.length ? next : null });
}

/** A new page for the missing target, where the link will find it, saying where it came from. */
export async function planStub(store: Store, source: Source, link: IndexedLink, line: number): Promise<FixPlan> {
  if (link.kind === 'source') throw new BadRequest('a source names a file outside the wiki, not a page: Cairn does not create it');
  const rel = stubPath(source, link);
  const key = keyOf(rel);
  const agent = source.scope === 'user' ? source.agent : null;
  // a fix writes the linking page's space or the shared one, never another agent's (whoever asks)
  const lands = scopeOf(path.posix.normalize(rel), isScopedRoot(source.root));
  if (lands.kind === 'user' && lands.agent !== agent)
    throw new BadRequest(
      `"${link.target}" leads into user/${lands.agent}/, another agent's space: a stub goes only in the linking page's space or the shared one`,
    );
  const existing = await store.pages.byKey(key, agent);
  if (existing) throw new BadRequest(`a page "${key}" already exists (${existing.path}): retarget the link to it instead of creating a second one`);
  const title = /[A-Z ]/.test(key) ? key : key.replace(/[-_]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const body = `# ${title}\n\nA stub, created for the link in ${source.key} (${source.path}, line ${line}). Say here what ${title} is.\n`;
  const text = editPage('', { title, tags: ['stub'] }, body);
  return {
    write: {
      key,
      agent,
      root: source.root,
      path: rel,
      fields: {},
      text,
      baseHash: null,
      action: 'fix',
      detail: `created a stub for ${link.target} (linked from ${source.path}:${line})`,
    },
    change: { root: source.root, path: rel, key, created: true, lines: lineChanges(null, text) },
  };
}

/** Where the link looks first: beside the linking page for a markdown link, else by name in the linking page's space. */
function stubPath(source: Source, link: IndexedLink): string {
  const t = link.target.trim().replace(/\\/g, '/');
  const named = link.kind === 'markdown' ? path.posix.normalize(path.posix.join(path.posix.dirname(source.path), t)) : t.replace(/^\.?\//, '');
  if (named.startsWith('../') || named === '..') throw new BadRequest(`"${link.target}" leads out of the root: Cairn writes only inside it`);
  const ext = path.posix.extname(named).toLowerCase();
  if (ext && ext !== '.md' && /^\.[a-z0-9]{1,5}$/.test(ext)) throw new BadRequest(`"${link.target}" names a file, not a page: a stub would not fix it`);
  const file = ext === '.md' ? named : `${named}.md`;
  if (link.kind === 'markdown' || !isScopedRoot(source.root)) return file;
  return source.scope === 'user' ? `user/${source.agent}/${file}` : `global/${file}`;
}
