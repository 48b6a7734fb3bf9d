// The concept dictionary as the contract lists it: most mentioned first.
import type { ConceptsResponse } from '../../../shared/graph.ts';
import type { ConceptRepo } from '../store/concepts.ts';
import { conceptId } from '../graph/reference-graph.ts';
import type { Viewer } from '../../../shared/viewer.ts';

/** As the viewer sees them: only concepts a page it reads names, spelled as those pages spell them. */
export async function listConcepts(concepts: ConceptRepo, query: string | null, limit: number, viewer: Viewer): Promise<ConceptsResponse> {
  const q = query?.trim().toLowerCase() || null;
  const seen = await concepts.seenBy(viewer);
  const all = (await concepts.byMentions())
    .flatMap((r) => {
      const as = seen ? seen.get(r.norm) : r;
      return as ? [{ ...r, name: as.name, variants: as.variants }] : [];
    })
    .map((r) => ({ id: conceptId(r.norm), name: r.name, variants: r.variants, sources: r.sources, mentions: r.mentions }))
    .filter((c) => q === null || c.variants.some((v) => v.toLowerCase().includes(q)));
  return { concepts: all.slice(0, limit), total: all.length };
}
