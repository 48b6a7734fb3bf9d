// The reference graph for the Graph view and `cairn graph`: pages as nodes, and what their links
// point at (attachments, sources outside the wiki, targets nothing answers) as nodes too; the links
// of one kind from one page to one target as one edge. Either the whole wiki or the pages within
// `depth` links of a centre page, following links both ways; an agent's view leaves out other
// agents' spaces and the global pages its own shadow, as search does (store/sqlite/visibility.ts).
import type { GraphEdge, GraphNode, GraphResponse } from '../../../shared/graph.ts';
import { BadRequest } from '../../../shared/errors.ts';
import type { Db } from '../store/database.ts';
import { readEdges, readPages, type EdgeRow, type PageRow } from './graph-rows.ts';
import { findPageRow } from './page-view.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { conceptsSeenBy, visibleTo } from '../store/sqlite/visibility.ts';

export interface GraphQuery {
  around: { key: string; agent: string | null } | null;
  /** Who looks: the pages, edges and concepts it may see. */
  viewer: Viewer;
  depth: number;
  limit: number;
  /** also the concepts the pages mention */
  concepts?: boolean;
}

/** One read transaction: a writer in another process between the statements cannot leave an edge to a page the answer lacks. */
export function referenceGraph(db: Db, q: GraphQuery): GraphResponse {
  return db.transaction(() => build(db, q))();
}

function build(db: Db, q: GraphQuery): GraphResponse {
  const centre = q.around ? findPageRow(db, q.around.key, q.around.agent) : null;
  if (q.around && !centre) throw new BadRequest(`no page with key "${q.around.key}"${q.around.agent ? ` for agent ${q.around.agent}` : ''}; list pages with \`cairn search\``);
  const hidden = hiddenFrom(db, q.viewer);
  if (centre && hidden.has(centre.id)) throw new BadRequest(`no page with key "${q.around!.key}" for agent ${q.viewer.agent}`);
  const { depths, truncated } = centre ? neighbourhood(db, centre.id, q.depth, q.limit, hidden) : everyPage(db, q.limit, hidden);
  const ids = [...depths.keys()];
  // every page's links are read faster without naming 10,000 pages
  const edgeRows = readEdges(db, centre || truncated ? ids : null);
  const graph = new GraphBuilder(depths, centre ? q.depth : null);
  for (const p of readPages(db, ids)) graph.addPage(p);
  for (const e of edgeRows) graph.addTarget(e);
  for (const e of edgeRows) graph.addEdge(e);
  if (q.concepts) addConcepts(db, graph, centre || truncated ? ids : null, q.viewer);
  describeFiles(db, graph.files);
  return { centre: centre ? pageId(centre.id) : null, nodes: graph.nodes(), edges: graph.edges, truncated };
}

const pageId = (id: number) => `p${id}`;

/** Every page (in file order) up to the limit; depth is not defined without a centre. */
function everyPage(db: Db, limit: number, hidden: Set<number>): { depths: Map<number, number | null>; truncated: boolean } {
  const ids = (db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id ORDER BY f.root_id, f.rel_path LIMIT ?`).pluck().all(limit + 1 + hidden.size) as number[]).filter((id) => !hidden.has(id));
  const truncated = ids.length > limit;
  return { depths: new Map(ids.slice(0, limit).map((id) => [id, null])), truncated };
}

/** Pages a viewer does not see (the one rule: other agents' spaces, the global pages its own shadow); archived pages it sees, marked. */
export function hiddenFrom(db: Db, viewer: Viewer): Set<number> {
  if (viewer.agent === null) return new Set();
  const rule = visibleTo(viewer, { archived: true, never: true });
  return new Set(db.prepare(`SELECT p.id FROM pages p WHERE NOT (${rule.sql})`).pluck().all(...rule.params) as number[]);
}

/** Breadth first from the centre over links in either direction, one SQL round per level. */
function neighbourhood(db: Db, centre: number, depth: number, limit: number, hidden: Set<number>): { depths: Map<number, number | null>; truncated: boolean } {
  const next = db.prepare(
    `SELECT target_page_id FROM links WHERE page_id IN (SELECT value FROM json_each(@ids)) AND target_page_id IS NOT NULL
     UNION SELECT page_id FROM links WHERE target_page_id IN (SELECT value FROM json_each(@ids))
     ORDER BY 1`,
  );
  const depths = new Map<number, number | null>([[centre, 0]]);
  let frontier = [centre];
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    const found = (next.pluck().all({ ids: JSON.stringify(frontier) }) as number[]).filter((id) => !depths.has(id) && !hidden.has(id));
    if (depths.size + found.length > limit) {
      for (const id of found.slice(0, limit - depths.size)) depths.set(id, d);
      return { depths, truncated: true };
    }
    for (const id of found) depths.set(id, d);
    frontier = found;
  }
  return { depths, truncated: false };
}

/**
 * Turns rows into nodes and edges: first every node (a target that is not a page gets one when a
 * page within reach links to it, at one link further than the nearest such page), then every
 * edge whose two ends are nodes.
 */
class GraphBuilder {
  readonly edges: GraphEdge[] = [];
  /** attachment file ids, to be described in one query */
  readonly files = new Map<number, GraphNode>();
  private byId = new Map<string, GraphNode>();

  constructor(
    private depths: Map<number, number | null>,
    /** null: the whole graph, where every target is shown */
    private maxDepth: number | null,
  ) {}

  /** A concept a page within reach mentions, one step further than that page. */
  addMention(m: MentionRow): void {
    const source = pageId(m.pageId);
    if (!this.byId.has(source)) return;
    const from = this.depths.get(m.pageId) ?? null;
    const depth = from === null ? null : from + 1;
    if (this.maxDepth !== null && (depth === null || depth > this.maxDepth)) return;
    const id = conceptId(m.concept);
    const known = this.byId.get(id);
    if (known) {
      if (depth !== null && known.depth !== null && depth < known.depth) known.depth = depth;
    } else {
      this.byId.set(id, { id, type: 'concept', key: m.name, path: null, root: null, title: m.name, tags: [], tier: null, scope: null, stale: false, archived: false, missing: false, depth });
    }
    this.edges.push({ source, target: id, kind: 'mentions', line: m.line, count: m.n });
  }

  nodes(): GraphNode[] {
    return [...this.byId.values()];
  }

  addPage(p: PageRow): void {
    this.byId.set(pageId(p.id), {
      id: pageId(p.id),
      type: 'page',
      key: p.key,
      path: p.path,
      root: p.root,
      title: p.title,
      tags: JSON.parse(p.tags) as string[],
      tier: p.tier,
      scope: { kind: p.scope, agent: p.agent },
      stale: p.stale === 1,
      archived: p.archived === 1,
      missing: false,
      depth: this.depths.get(p.id) ?? null,
    });
  }

  /** An attachment, source or missing target, when a page within reach links to it. */
  addTarget(e: EdgeRow): void {
    if (e.targetPage !== null || !this.byId.has(pageId(e.pageId))) return;
    const from = this.depths.get(e.pageId) ?? null;
    const depth = from === null ? null : from + 1;
    if (this.maxDepth !== null && (depth === null || depth > this.maxDepth)) return;
    const id = targetId(e);
    const known = this.byId.get(id);
    if (known) {
      if (depth !== null && known.depth !== null && depth < known.depth) known.depth = depth;
      return;
    }
    const missing = e.targetFile === null && e.external === null;
    const node: GraphNode = { id, type: e.targetFile !== null ? 'attachment' : missing ? 'missing' : 'source', key: e.target, path: e.external, root: null, title: e.target, tags: [], tier: null, scope: null, stale: false, archived: false, missing, depth };
    this.byId.set(id, node);
    if (e.targetFile !== null) this.files.set(e.targetFile, node);
  }

  addEdge(e: EdgeRow): void {
    const source = pageId(e.pageId);
    const target = e.targetPage !== null ? pageId(e.targetPage) : targetId(e);
    if (this.byId.has(source) && this.byId.has(target)) this.edges.push({ source, target, kind: e.kind, line: e.line, count: e.n });
  }
}

export const conceptId = (norm: string) => `c:${norm}`;

interface MentionRow {
  pageId: number;
  concept: string;
  name: string;
  line: number;
  n: number;
}

/** Concepts as nodes and mentions as edges, for the pages in the answer (`ids`; null: every page). */
function addConcepts(db: Db, graph: GraphBuilder, ids: number[] | null, viewer: Viewer): void {
  const select = `SELECT m.page_id AS pageId, m.concept, c.name, m.line, m.n FROM mentions m JOIN concepts c ON c.norm = m.concept`;
  const rows = (ids === null ? db.prepare(`${select} ORDER BY m.page_id, m.line`).all() : db.prepare(`${select} WHERE m.page_id IN (SELECT value FROM json_each(?)) ORDER BY m.page_id, m.line`).all(JSON.stringify(ids))) as MentionRow[];
  const seen = conceptsSeenBy(db, viewer, [...new Set(rows.map((m) => m.concept))]);
  for (const m of rows) {
    const as = seen ? seen.get(m.concept) : m;
    if (as) graph.addMention({ ...m, name: as.name });
  }
}

function targetId(e: EdgeRow): string {
  return e.targetFile !== null ? `f${e.targetFile}` : e.external !== null ? `s:${e.external}` : e.missingKey!;
}

/** Attachments get their path, root and file name in one query. */
function describeFiles(db: Db, files: Map<number, GraphNode>): void {
  if (files.size === 0) return;
  const rows = db
    .prepare(`SELECT f.id, f.rel_path AS path, r.path AS root FROM files f JOIN roots r ON r.id = f.root_id WHERE f.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify([...files.keys()])) as { id: number; path: string; root: string }[];
  for (const r of rows) {
    const node = files.get(r.id)!;
    node.path = r.path;
    node.root = r.root;
    node.key = node.title = r.path.slice(r.path.lastIndexOf('/') + 1);
  }
}
