// Link health reports: what is broken, where, and which pages nothing links to.
import type { LinkFinding, PageSummary } from '../../../shared/page.ts';
import type { Store } from '../store/store.ts';
import type { Viewer } from '../../../shared/viewer.ts';

/** The broken links of the pages the viewer reads (archived ones too: their links are still written). */
export function brokenLinks(store: Store, reasons: ('missing-page' | 'missing-anchor')[], viewer: Viewer): Promise<LinkFinding[]> {
  return store.links.dangling(reasons, viewer);
}

/** These links, as findings (the first `limit`). */
export async function linkFindings(store: Store, ids: number[], limit: number): Promise<LinkFinding[]> {
  // most runs break nothing: no statement for them (PostgreSQL planned and ran it in ~4 ms)
  return ids.length ? store.links.findings(ids, limit) : [];
}

/** Pages the viewer reads that no other page links to (a page linking itself does not count). */
export function orphanPages(store: Store, viewer: Viewer): Promise<PageSummary[]> {
  return store.links.orphans(viewer);
}
