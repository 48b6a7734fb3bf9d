// What the graph lane (search/graph-lane.ts) steps along: from each seed to the pages that share a
// concept with it. Two statements whatever the seeds: their concepts, then each concept's pages.
import type { Viewer } from '../../../../shared/viewer.ts';
import type { ConceptStep } from '../concepts.ts';
import type { Sql } from './sql.ts';
import { conceptsSeenBy } from './visibility.ts';

/** A page limit as the SQLite store checks it. */
export function checkedLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`a page limit must be a whole number, got ${limit}`);
  return limit;
}

/** Each concept's first `limit` pages, in id order (ConceptRepo.pagesOf for many concepts at once). */
async function pagesOfEach(sql: Sql, norms: string[], limit: number): Promise<Map<string, number[]>> {
  if (!norms.length) return new Map();
  const rows = await sql.rows<{ norm: string; page_id: number }>(
    `SELECT x.norm, p.page_id FROM unnest(?::text[]) AS x(norm)
       CROSS JOIN LATERAL (SELECT page_id FROM concept_names WHERE norm = x.norm UNION SELECT page_id FROM mentions WHERE concept = x.norm ORDER BY 1 LIMIT ?) p
     ORDER BY x.norm, p.page_id`,
    [norms, checkedLimit(limit)],
  );
  const pages = new Map<string, number[]>(norms.map((n) => [n, []]));
  for (const r of rows) pages.get(r.norm)!.push(r.page_id);
  return pages;
}

/** ConceptRepo.sharedWith: a concept on more than `fanout` pages is left out. */
export async function sharedWith(sql: Sql, seeds: number[], fanout: number, viewer: Viewer): Promise<ConceptStep[]> {
  // ordered as SQLite gives the rows of its UNION: by seed, then concept
  const named = await sql.rows<{ seed: number; norm: string; name: string }>(
    `SELECT s.seed, c.norm, c.name FROM (SELECT page_id AS seed, concept AS norm FROM mentions WHERE page_id = ANY(?::int[])
       UNION SELECT page_id, norm FROM concept_names WHERE page_id = ANY(?::int[])) s JOIN concepts c ON c.norm = s.norm
     ORDER BY s.seed, s.norm`,
    [seeds, seeds],
  );
  const norms = [...new Set(named.map((c) => c.norm))];
  // a concept only pages the viewer may not read name is no step for it, nor a name it may read
  const seen = await conceptsSeenBy(sql, viewer, norms);
  const concepts = seen ? named.flatMap((c) => (seen.has(c.norm) ? [{ ...c, name: seen.get(c.norm)!.name }] : [])) : named;
  // one past the fan-out is enough to tell a concept on too many pages
  const pages = await pagesOfEach(sql, [...new Set(concepts.map((c) => c.norm))], fanout + 1);
  const steps: ConceptStep[] = [];
  for (const c of concepts) {
    const found = pages.get(c.norm)!;
    if (found.length > fanout) continue;
    for (const to of found) if (to !== c.seed) steps.push({ seed: c.seed, to, edge: 'concept', concept: c.name });
  }
  return steps;
}
