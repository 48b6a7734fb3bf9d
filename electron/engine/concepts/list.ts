// The concept dictionary as the contract lists it: most mentioned first.
import type { ConceptsResponse } from '../../../shared/graph.ts';
import type { Db } from '../store/database.ts';
import { conceptId } from '../graph/reference-graph.ts';

export function listConcepts(db: Db, query: string | null, limit: number): ConceptsResponse {
  const q = query?.trim().toLowerCase() || null;
  const rows = db.prepare(`SELECT norm, name, variants, sources, mentions FROM concepts ORDER BY mentions DESC, name`).all() as { norm: string; name: string; variants: string; sources: number; mentions: number }[];
  const concepts = rows
    .map((r) => ({ id: conceptId(r.norm), name: r.name, variants: JSON.parse(r.variants) as string[], sources: r.sources, mentions: r.mentions }))
    .filter((c) => q === null || c.variants.some((v) => v.toLowerCase().includes(q)));
  return { concepts: concepts.slice(0, limit), total: concepts.length };
}
