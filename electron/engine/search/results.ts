// Fused items become results a person can read: title, the winning section, a snippet, and
// each lane's rank, score and contribution.
import type { FusedItem } from '../../../shared/fusion.ts';
import type { Lane, SearchResult } from '../../../shared/search.ts';
import type { Store } from '../store/store.ts';
import type { PageHit } from './lane.ts';
import { snippet } from './snippet.ts';
import { readerText } from './reader-text.ts';

/** Characters of a section a reranker reads: about 350 tokens, so that with the query the pair
 * stays under a cross-encoder's 512 and is rarely cut (a cut pair loses its closing [SEP]). */
const PASSAGE_CHARS = 1500;

export interface Described {
  results: SearchResult[];
  /** Each result's title, heading and section as plain text, for a reranker; empty unless asked for. */
  passages: string[];
}

export async function describeResults(
  store: Store,
  fused: FusedItem[],
  hits: Partial<Record<Lane, PageHit[]>>,
  query: string,
  withPassages = false,
): Promise<Described> {
  const chunkOf = bestChunks(fused, hits);
  const listings = new Map((await store.pages.listingsOf(fused.map((item) => item.id))).map((p) => [p.id, p]));
  const sections = await store.chunks.sections(fused.map((item) => ({ pageId: item.id, chunkRowid: chunkOf.get(item.id) ?? null })));
  const results = fused.map((item, i): SearchResult => {
    const { id: _, usageMode, ...page } = listings.get(item.id)!;
    const chunk = sections[i];
    return {
      ...page,
      score: item.score,
      heading: chunk?.heading ?? null,
      line: chunk?.line ?? 1,
      snippet: chunk ? snippet(chunk.text, query) : (page.summary ?? ''),
      always: usageMode === 'always',
      lanesMatched: item.lanesMatched,
      lanes: item.lanes,
    };
  });
  if (!withPassages) return { results, passages: [] };
  // a page's first section is often headed by its title: said once
  const passages = results.map((r, i) =>
    [r.title, r.heading === r.title ? null : r.heading, readerText(sections[i]?.text ?? r.summary ?? '').slice(0, PASSAGE_CHARS)].filter(Boolean).join('\n'),
  );
  return { results, passages };
}

/** The section shown for a page: the one found by the lane that contributed most to it. */
function bestChunks(fused: FusedItem[], hits: Partial<Record<Lane, PageHit[]>>): Map<number, number> {
  const byLane = new Map<Lane, Map<number, number | null>>();
  for (const [lane, list] of Object.entries(hits) as [Lane, PageHit[]][]) byLane.set(lane, new Map(list.map((h) => [h.pageId, h.chunkRowid])));
  const out = new Map<number, number>();
  for (const item of fused) {
    const lanes = (Object.entries(item.lanes) as [Lane, { contribution: number }][]).sort((a, b) => b[1].contribution - a[1].contribution);
    for (const [lane] of lanes) {
      const rowid = byLane.get(lane)?.get(item.id);
      if (rowid !== undefined && rowid !== null) {
        out.set(item.id, rowid);
        break;
      }
    }
  }
  return out;
}
