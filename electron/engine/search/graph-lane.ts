// The graph lane: pages linked to the strongest hits of the text lanes. A page the best hits link
// to, are linked from, or share a concept with is likely about the same thing even when it uses
// none of the query's words (the answer one hop from the page that matches the question). It
// goes one hop only: walking further is `recall`'s job, where each step is shown.
import type { GraphVia, SearchFilters } from '../../../shared/search.ts';
import { CONCEPT_FANOUT } from '../graph/concept-pages.ts';
import type { Store } from '../store/store.ts';
import { LaneSkipped, type PageHit } from './lane.ts';
import type { Viewer } from '../../../shared/viewer.ts';

/** How many of the fused text-lane hits the graph lane starts from. */
export const GRAPH_SEEDS = 10;

/**
 * What a seed gives a page by distance: itself 1, one link half that, one shared concept half
 * again (a shared word says less than a link someone wrote on purpose). A seed counting for
 * itself keeps the best hit first in the lane: without it, the pages the best hit links to
 * outranked the best hit (on the demo wiki, "stale pages" put stale-pages second).
 */
const SELF_WEIGHT = 1;
const EDGE_WEIGHT: Record<GraphVia['edge'], number> = { link: 0.5, backlink: 0.5, concept: 0.25 };

export interface GraphLaneQuery {
  store: Store;
  /** The text lanes' fused hits, best first; the lane starts from the first GRAPH_SEEDS. */
  ranked: number[];
  filters: SearchFilters;
  limit: number;
  /** Who searches: a concept only pages it may not read name is no step for it (nor a name in graphVia). */
  viewer: Viewer;
}

export interface GraphLaneAnswer {
  hits: PageHit[];
  /** For each page found, the seeds that reached it and how. */
  via: Map<number, GraphVia[]>;
}

/**
 * Score: the sum over the seeds of the seed's strength, 1 / (its fused rank)², times what it
 * gives the page (SELF_WEIGHT, or its strongest edge to the page). The square keeps the lane on
 * the first hits: with 1 / rank, a hub page that the 2nd to 10th hits all link to outscored the
 * pages the best hit links to (docs/benchmarks.md).
 */
export async function graphLane(q: GraphLaneQuery): Promise<GraphLaneAnswer> {
  const seeds = q.ranked.slice(0, GRAPH_SEEDS);
  if (seeds.length === 0) throw new LaneSkipped('no-seeds', 'no other lane found a page to start from');
  const keyOf = new Map((await q.store.pages.keysOf(seeds)).map((p) => [p.id, p.key]));
  const best = new Map<number, Map<number, GraphVia & { weight: number }>>();
  for (const e of await neighbours(q.store, seeds, q.viewer)) {
    const bySeed = best.get(e.to) ?? new Map();
    const was = bySeed.get(e.seed);
    if (!was || EDGE_WEIGHT[e.edge] > was.weight) {
      bySeed.set(e.seed, { seed: keyOf.get(e.seed)!, edge: e.edge, ...(e.concept ? { concept: e.concept } : {}), weight: EDGE_WEIGHT[e.edge] });
    }
    best.set(e.to, bySeed);
  }
  for (const id of seeds) if (!best.has(id)) best.set(id, new Map());
  // the pages the search's filters let through (agent, scope, tags, tier, path, dates, never archived)
  const visible = new Set(await q.store.pages.visibleAmong([...best.keys()], q.filters));
  const strength = new Map(seeds.map((id, i) => [id, 1 / (i + 1) ** 2]));
  const scored = [...best.entries()]
    .filter(([id]) => visible.has(id))
    .map(([id, bySeed]) => ({
      id,
      score: SELF_WEIGHT * (strength.get(id) ?? 0) + [...bySeed.entries()].reduce((s, [seed, v]) => s + strength.get(seed)! * v.weight, 0),
      bySeed,
    }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, q.limit);
  const via = new Map(scored.filter((s) => s.bySeed.size > 0).map((s) => [s.id, [...s.bySeed.values()].map(({ weight: _, ...v }) => v)]));
  // the score is already on a fixed scale (1: the best hit itself; ½: a page it links to), so convex
  // fusion takes it as it is: min-max would give the top page full weight however weakly reached
  return { hits: scored.map((s) => ({ pageId: s.id, score: s.score, normalized: Math.min(1, s.score), chunkRowid: null })), via };
}

interface Edge {
  seed: number;
  to: number;
  edge: GraphVia['edge'];
  concept?: string;
}

/** Every page one step from a seed: links out, links in, and concepts named or mentioned by few pages. */
async function neighbours(store: Store, seeds: number[], viewer: Viewer): Promise<Edge[]> {
  const links: Edge[] = await store.links.around(seeds);
  // a concept on many pages links them all to everything: it says nothing about any two
  const concepts: Edge[] = await store.concepts.sharedWith(seeds, CONCEPT_FANOUT, viewer);
  return links.concat(concepts);
}
