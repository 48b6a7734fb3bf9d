// The graph lane: pages linked to the strongest hits of the text lanes. A page the best hits link
// to, are linked from, or share a concept with is likely about the same thing even when it uses
// none of the query's words (the answer one hop from the page that matches the question). It
// goes one hop only: walking further is `recall`'s job, where each step is shown.
import type { GraphVia } from '../../../shared/search.ts';
import type { Db } from '../store/database.ts';
import { conceptPages } from '../concepts/concept-pages.ts';
import { keysOf } from '../graph/page-rows.ts';
import type { PageCondition } from './filters.ts';
import { LaneSkipped, type PageHit } from './lane.ts';

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
  db: Db;
  /** The text lanes' fused hits, best first; the lane starts from the first GRAPH_SEEDS. */
  ranked: number[];
  condition: PageCondition;
  limit: number;
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
 * pages the best hit links to (README, Benchmarks).
 */
export function graphLane(q: GraphLaneQuery): GraphLaneAnswer {
  const seeds = q.ranked.slice(0, GRAPH_SEEDS);
  if (seeds.length === 0) throw new LaneSkipped('no-seeds', 'no other lane found a page to start from');
  const keyOf = keysOf(q.db, seeds);
  const best = new Map<number, Map<number, GraphVia & { weight: number }>>();
  for (const e of neighbours(q.db, seeds)) {
    const bySeed = best.get(e.to) ?? new Map();
    const was = bySeed.get(e.seed);
    if (!was || EDGE_WEIGHT[e.edge] > was.weight) {
      bySeed.set(e.seed, { seed: keyOf.get(e.seed)!, edge: e.edge, ...(e.concept ? { concept: e.concept } : {}), weight: EDGE_WEIGHT[e.edge] });
    }
    best.set(e.to, bySeed);
  }
  for (const id of seeds) if (!best.has(id)) best.set(id, new Map());
  const visible = allowed(q.db, [...best.keys()], q.condition);
  const strength = new Map(seeds.map((id, i) => [id, 1 / (i + 1) ** 2]));
  const scored = [...best.entries()]
    .filter(([id]) => visible.has(id))
    .map(([id, bySeed]) => ({ id, score: SELF_WEIGHT * (strength.get(id) ?? 0) + [...bySeed.entries()].reduce((s, [seed, v]) => s + strength.get(seed)! * v.weight, 0), bySeed }))
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
function neighbours(db: Db, seeds: number[]): Edge[] {
  const ids = JSON.stringify(seeds);
  const out = db
    .prepare(`SELECT DISTINCT page_id AS seed, target_page_id AS "to" FROM links WHERE page_id IN (SELECT value FROM json_each(?)) AND target_page_id IS NOT NULL AND target_page_id != page_id`)
    .all(ids) as Edge[];
  const back = db
    .prepare(`SELECT DISTINCT target_page_id AS seed, page_id AS "to" FROM links WHERE target_page_id IN (SELECT value FROM json_each(?)) AND page_id != target_page_id`)
    .all(ids) as Edge[];
  return [...out.map((e) => ({ ...e, edge: 'link' as const })), ...back.map((e) => ({ ...e, edge: 'backlink' as const })), ...conceptEdges(db, ids)];
}

function conceptEdges(db: Db, ids: string): Edge[] {
  const named = db
    .prepare(
      `SELECT s.seed, c.norm, c.name FROM (SELECT page_id AS seed, concept AS norm FROM mentions WHERE page_id IN (SELECT value FROM json_each(@ids))
         UNION SELECT page_id, norm FROM concept_names WHERE page_id IN (SELECT value FROM json_each(@ids))) s JOIN concepts c ON c.norm = s.norm`,
    )
    .all({ ids }) as { seed: number; norm: string; name: string }[];
  const pagesOf = conceptPages(db);
  const edges: Edge[] = [];
  for (const c of named) {
    // a concept on many pages links them all to everything: it says nothing about any two
    for (const to of pagesOf(c.norm) ?? []) if (to !== c.seed) edges.push({ seed: c.seed, to, edge: 'concept', concept: c.name });
  }
  return edges;
}

/** The pages the search's filters let through (agent, scope, tags, tier, path, dates, never archived). */
function allowed(db: Db, ids: number[], condition: PageCondition): Set<number> {
  if (ids.length === 0) return new Set();
  const sql = `SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id WHERE p.id IN (SELECT value FROM json_each(?)) AND ${condition.sql}`;
  return new Set(db.prepare(sql).pluck().all(JSON.stringify(ids), ...condition.params) as number[]);
}
