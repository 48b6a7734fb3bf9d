// Which pages a change to a few paths can have made stale or fresh: the pages at those paths, the
// pages linking to them (one may now be archived), and the pages naming them, or a folder around
// them, in `sources` (a page's sources may be other pages of the wiki). Asked before a run (a page
// that is deleted, or a source that goes, no longer points at the path afterwards) and after it
// (a page or source that came); staleness is recomputed for the union, every other row is left.
import path from 'node:path';
import { pathsMeet } from '../graph/relink.ts';
import type { Store } from '../store/store.ts';
import type { StaleScope } from './staleness.ts';

/** null when a path changes what the whole root holds (the root itself, an ignore file). */
export async function pagesNear(store: Store, paths: string[]): Promise<StaleScope> {
  const roots = await store.staleness.roots();
  const relsIn = new Map<number, string[]>();
  for (const p of paths.map((x) => path.resolve(x))) {
    if (path.basename(p) === '.cairnignore') return null;
    for (const root of roots) {
      const rel = path.relative(root.path, p);
      if (rel === '') return null;
      if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) continue;
      relsIn.set(root.id, [...(relsIn.get(root.id) ?? []), rel.split(path.sep).join('/')]);
    }
  }
  const pageIds = new Set<number>();
  for (const [rootId, rels] of relsIn) for (const id of await store.staleness.pagesAt(rootId, rels)) pageIds.add(id);
  const out = new Set(pageIds);
  for (const id of await store.staleness.pagesLinkingTo([...pageIds])) out.add(id);
  for (const id of await pagesCiting(store, paths)) out.add(id);
  return [...out];
}

/** Pages whose `sources` name one of the paths, a file inside one, or a folder around one. */
async function pagesCiting(store: Store, paths: string[]): Promise<number[]> {
  const resolved = paths.map((p) => path.resolve(p));
  const sources = await store.staleness.sourcesMeeting(resolved);
  return sources.filter((s) => path.isAbsolute(s.found) && resolved.some((p) => pathsMeet(s.found, p))).map((s) => s.pageId);
}

/** Both scopes' pages; null (every page) when either is. */
export function unionScope(a: StaleScope, b: StaleScope): StaleScope {
  return a && b ? [...new Set([...a, ...b])] : null;
}
