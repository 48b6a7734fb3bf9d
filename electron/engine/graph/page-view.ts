// One page as the contract's Page: what it says, where it links, and who links to it.
import type { Page } from '../../../shared/page.ts';
import { NotFound } from '../../../shared/errors.ts';
import { toPageSummary } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import type { Viewer } from '../../../shared/viewer.ts';

/** The page `key` names in `agent`'s spaces, its backlinks only from pages the viewer reads. */
export async function pageView(store: Store, key: string, agent: string | null, viewer: Viewer): Promise<Page> {
  const row = await store.pages.byKey(key, agent);
  if (!row) throw new NotFound(`no page with key "${key}"${agent ? ` for agent ${agent}` : ''}; list pages with \`cairn search\``);
  const links = await store.links.outOf(row.id);
  const backlinks = await store.links.backlinksOf(row.id, viewer);
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
  };
}
