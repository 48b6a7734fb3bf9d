// One page as the contract's Page: what it says, where it links, who links to it, and which other
// pages share its name.
import type { Page, PageRef } from '../../../shared/page.ts';
import { toPageSummary } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { backlinksWithContext } from './backlink-contexts.ts';
import { namesakesOf, pageNamedOrThrow } from './page-ref.ts';

/** The page `ref` names (by place, or by key in its agent's spaces), its backlinks only from pages the viewer reads (the first with their sentences). */
export async function pageView(store: Store, ref: PageRef, viewer: Viewer): Promise<Page> {
  const row = await pageNamedOrThrow(store, ref, viewer);
  const links = await store.links.outOf(row.id);
  const backlinks = await backlinksWithContext(store, row.id, viewer);
  const shadowed = row.scope === 'user' ? await store.pages.byKey(row.key, null) : null;
  return {
    ...toPageSummary(row),
    frontmatter: JSON.parse(row.frontmatter) as Record<string, unknown>,
    frontmatterError: row.fm_error ? `line ${row.fm_error_line}: ${row.fm_error}` : null,
    body: row.body,
    headings: JSON.parse(row.headings) as Page['headings'],
    links,
    backlinks,
    provenance: JSON.parse(row.provenance) as Page['provenance'],
    shadows: shadowed ? shadowed.path : null,
    sameName: await namesakesOf(store, row, viewer),
  };
}
