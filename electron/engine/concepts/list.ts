// The concept dictionary as the contract lists it: most mentioned first.
import type { ConceptsResponse } from '../../../shared/graph.ts';
import type { ConceptRepo } from '../store/concepts.ts';
import { conceptId } from '../graph/reference-graph.ts';

export async function listConcepts(concepts: ConceptRepo, query: string | null, limit: number): Promise<ConceptsResponse> {
  const q = query?.trim().toLowerCase() || null;
  const all = (await concepts.byMentions())
    .map((r) => ({ id: conceptId(r.norm), name: r.name, variants: r.variants, sources: r.sources, mentions: r.mentions }))
    .filter((c) => q === null || c.variants.some((v) => v.toLowerCase().includes(q)));
  return { concepts: all.slice(0, limit), total: all.length };
}
