// Which page a request names: exactly the page at a root and path (when the viewer may read it),
// or the page a key names (an agent's own first, then the shared one; of several, the shortest path).
import { NotFound } from '../../../shared/errors.ts';
import type { PageRef } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { PageRecord } from '../store/pages.ts';
import type { Store } from '../store/store.ts';

/** A page named by its place is shown whatever its state; the viewer's spaces still bound it. */
const BY_PLACE = { shadowed: true, archived: true, never: true };

export async function pageNamed(store: Store, ref: PageRef, viewer: Viewer): Promise<PageRecord | null> {
  if (ref.root === undefined || ref.path === undefined) return store.pages.byKey(ref.key!, ref.agent ?? null);
  const row = await store.pages.byPlace(ref.root, ref.path);
  return row && (await store.pages.visibleIds(viewer, [row.id], BY_PLACE)).has(row.id) ? row : null;
}

/** The page, or a NotFound that says what was asked. */
export async function pageNamedOrThrow(store: Store, ref: PageRef, viewer: Viewer): Promise<PageRecord> {
  const row = await pageNamed(store, ref, viewer);
  if (row) return row;
  const who = ref.agent ? ` for agent ${ref.agent}` : '';
  throw new NotFound(
    ref.root !== undefined && ref.path !== undefined
      ? `no page at ${ref.path} in ${ref.root}${who}; list pages with \`cairn search\``
      : `no page with key "${ref.key}"${who}; list pages with \`cairn search\``,
  );
}

/** The other pages with this page's key that the viewer reads: what a link by key may mean instead. */
export async function namesakesOf(
  store: Store,
  row: PageRecord,
  viewer: Viewer,
): Promise<{ root: string; path: string; scope: { kind: 'global' | 'user'; agent: string | null } }[]> {
  const others = (await store.pages.nodesByKey(row.key.toLowerCase())).filter((n) => n.id !== row.id);
  const seen = await store.pages.visibleIds(
    viewer,
    others.map((n) => n.id),
    BY_PLACE,
  );
  return others.filter((n) => seen.has(n.id)).map((n) => ({ root: n.rootPath, path: n.relPath, scope: { kind: n.scope, agent: n.agent } }));
}
