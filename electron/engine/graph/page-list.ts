// The pages a reader may browse (the Pages screen, and the search screen's suggestions): each
// page's place, tier, last change and marks, and the roots that are open with their counts.
import type { PageEntry, PagesResponse } from '../../../shared/browse.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { Parsed } from '../../../shared/dispatch.ts';
import type { BrowseRow } from '../store/pages.ts';
import type { Store } from '../store/store.ts';

export async function listPages(store: Store, configuredRoots: readonly string[], request: Parsed<'pages'>, viewer: Viewer): Promise<PagesResponse> {
  const rows = await store.pages.browse(viewer);
  const counts = new Map<string, number>(configuredRoots.map((r) => [r, 0]));
  for (const r of rows) counts.set(r.root, (counts.get(r.root) ?? 0) + 1);
  const entries = rows.map(toEntry);
  if (request.order === 'most-linked') entries.sort((a, b) => b.linkedFrom - a.linkedFrom || a.title.localeCompare(b.title));
  return {
    roots: [...counts].map(([path, pages]) => ({ path, pages })),
    total: entries.length,
    pages: request.limit === undefined ? entries : entries.slice(0, request.limit),
  };
}

function toEntry(r: BrowseRow): PageEntry {
  return {
    key: r.key,
    title: r.title,
    root: r.root,
    path: r.path,
    scope: { kind: r.scope, agent: r.agent },
    tier: r.tier,
    tags: JSON.parse(r.tags) as string[],
    updated: r.updated ?? new Date(r.mtimeMs).toISOString(),
    stale: r.stale === 1,
    archived: r.archived === 1,
    linkedFrom: r.linkedFrom,
  };
}
