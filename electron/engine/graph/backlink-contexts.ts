// A page's backlinks with the sentence around each link, for its first CONTEXT_LINKS backlinks.
import type { Link } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { BacklinkLine } from '../store/links.ts';
import type { Store } from '../store/store.ts';
import { CONTEXT_LINKS, linkEnd, paragraphAt, sentenceAround } from './link-context.ts';

function contextOf(place: BacklinkLine): string | undefined {
  const para = place.column === null ? null : paragraphAt(place, place.line);
  if (para === null || place.column === null) return undefined;
  const from = para.offset + place.column - 1;
  return sentenceAround(para.text, from, linkEnd(para.text, from)) || undefined;
}

export async function backlinksWithContext(store: Store, pageId: number, viewer: Viewer): Promise<Link[]> {
  const backlinks = await store.links.backlinksOf(pageId, viewer);
  const places = await store.links.backlinkLines(pageId, viewer, CONTEXT_LINKS);
  // both read in one order; a page written between the two reads would shift it, so each is checked
  return backlinks.map((link, i) => {
    const place = places[i];
    const same = place && place.sourceRoot === link.sourceRoot && place.source === link.source && place.line === link.line;
    const context = same ? contextOf(place) : undefined;
    return context === undefined ? link : { ...link, context };
  });
}
