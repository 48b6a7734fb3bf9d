// The reference graph for the Graph view and `cairn graph`: pages as nodes, and what their links
// point at (attachments, sources outside the wiki, targets nothing answers) as nodes too; the links
// of one kind from one page to one target as one edge. Either the whole wiki or the pages within
// `depth` links of a centre page, following links both ways; an agent's view leaves out other
// agents' spaces and the global pages its own shadow, as search does (store/visibility.ts).
import type { GraphColumns, GraphEdgeKind, GraphNode, GraphResponse } from '../../../shared/graph.ts';
import { BadRequest, NotFound } from '../../../shared/errors.ts';
import type { ConceptMention } from '../store/concepts.ts';
import type { GraphPage } from '../store/pages.ts';
import type { Store } from '../store/store.ts';
import { readEdges, type EdgeRow } from './graph-rows.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import type { PageRef } from '../../../shared/page.ts';
import { pageNamedOrThrow } from './page-ref.ts';

export interface GraphQuery {
  around: PageRef | null;
  /** Who looks: the pages, edges and concepts it may see. */
  viewer: Viewer;
  depth: number;
  limit: number;
  /** also the concepts the pages mention */
  concepts?: boolean;
}

/** One read snapshot: a writer in another process between the reads cannot leave an edge to a page the answer lacks. */
export async function referenceGraph(store: Store, q: GraphQuery): Promise<GraphResponse> {
  const { graph, centre, truncated } = await store.read((tx) => build(tx, q));
  return { centre, nodes: graph.nodes, edges: graph.edgeObjects(), truncated };
}

/** The same graph with its edges in columns, for drawing. */
export async function referenceGraphColumns(store: Store, q: GraphQuery): Promise<GraphColumns> {
  const { graph, centre, truncated } = await store.read((tx) => build(tx, q));
  return { centre: centre === null ? -1 : graph.indexOf(centre), nodes: graph.nodes, edges: graph.edgeColumns(), truncated };
}

/** The centre page; a centre that names no page is a bad request, as it always was. */
async function centrePage(store: Store, around: PageRef, viewer: Viewer) {
  try {
    return await pageNamedOrThrow(store, around, viewer);
  } catch (err) {
    throw err instanceof NotFound ? new BadRequest(err.message) : err;
  }
}

async function build(store: Store, q: GraphQuery): Promise<{ graph: GraphBuilder; centre: string | null; truncated: boolean }> {
  const centre = q.around ? await centrePage(store, q.around, q.viewer) : null;
  const hidden = await store.pages.hiddenFrom(q.viewer);
  if (centre && hidden.has(centre.id)) throw new BadRequest(`no page ${q.around!.path ?? `with key "${q.around!.key}"`} for agent ${q.viewer.agent}`);
  const { depths, truncated } = centre ? await neighbourhood(store, centre.id, q.depth, q.limit, hidden) : await everyPage(store, q.limit, hidden);
  const ids = [...depths.keys()];
  // every page's links are read faster without naming 10,000 pages
  const edgeRows = await readEdges(store, centre || truncated ? ids : null);
  const graph = new GraphBuilder(depths, centre ? q.depth : null);
  for (const p of await store.pages.graphPages(ids)) graph.addPage(p);
  for (const e of edgeRows) graph.addTarget(e);
  for (const e of edgeRows) graph.addEdge(e);
  if (q.concepts) await addConcepts(store, graph, centre || truncated ? ids : null, q.viewer);
  await describeFiles(store, graph.files);
  return { graph, centre: centre ? pageId(centre.id) : null, truncated };
}

const pageId = (id: number) => `p${id}`;

/** Every page (in file order) up to the limit; depth is not defined without a centre. */
async function everyPage(store: Store, limit: number, hidden: Set<number>): Promise<{ depths: Map<number, number | null>; truncated: boolean }> {
  const ids = (await store.pages.idsInFileOrder(limit + 1 + hidden.size)).filter((id) => !hidden.has(id));
  const truncated = ids.length > limit;
  return { depths: new Map(ids.slice(0, limit).map((id) => [id, null])), truncated };
}

/** Breadth first from the centre over links in either direction, one round per level. */
async function neighbourhood(
  store: Store,
  centre: number,
  depth: number,
  limit: number,
  hidden: Set<number>,
): Promise<{ depths: Map<number, number | null>; truncated: boolean }> {
  const depths = new Map<number, number | null>([[centre, 0]]);
  let frontier = [centre];
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    const found = (await store.links.neighbours(frontier)).filter((id) => !depths.has(id) && !hidden.has(id));
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
 * edge whose two ends are nodes. Edges are kept in columns of node indexes: a large wiki has
 * hundreds of thousands, and the Graph view takes them so.
 */
class GraphBuilder {
  readonly nodes: GraphNode[] = [];
  /** attachment file ids, to be described in one query */
  readonly files = new Map<number, GraphNode>();
  /** node id to index in `nodes` */
  private byId = new Map<string, number>();
  /** page id (a number in the store) to index in `nodes`: edges name their pages so */
  private pageAt = new Map<number, number>();
  /** each edge's source and target indexes, one after the other */
  private ends: number[] = [];
  private kind: GraphEdgeKind[] = [];
  private line: number[] = [];
  private count: number[] = [];

  constructor(
    private depths: Map<number, number | null>,
    /** null: the whole graph, where every target is shown */
    private maxDepth: number | null,
  ) {}

  /** A concept a page within reach mentions, one step further than that page. */
  addMention(m: ConceptMention): void {
    const source = this.pageAt.get(m.pageId);
    if (source === undefined) return;
    const from = this.depths.get(m.pageId) ?? null;
    const depth = from === null ? null : from + 1;
    if (this.maxDepth !== null && (depth === null || depth > this.maxDepth)) return;
    const id = conceptId(m.concept);
    const known = this.node(id);
    if (known) {
      if (depth !== null && known.depth !== null && depth < known.depth) known.depth = depth;
    } else {
      this.add({
        id,
        type: 'concept',
        key: m.name,
        path: null,
        root: null,
        title: m.name,
        tags: [],
        tier: null,
        scope: null,
        stale: false,
        archived: false,
        missing: false,
        depth,
      });
    }
    this.link(source, this.indexOf(id), 'mentions', m.line, m.n);
  }

  indexOf(id: string): number {
    return this.byId.get(id) ?? -1;
  }

  edgeObjects(): GraphResponse['edges'] {
    return this.kind.map((kind, e) => ({
      source: this.nodes[this.ends[2 * e]!]!.id,
      target: this.nodes[this.ends[2 * e + 1]!]!.id,
      kind,
      line: this.line[e]!,
      count: this.count[e]!,
    }));
  }

  edgeColumns(): GraphColumns['edges'] {
    const kinds = [...new Set(this.kind)];
    const at = new Map(kinds.map((k, i) => [k, i]));
    return { ends: this.ends, kind: this.kind.map((k) => at.get(k)!), kinds };
  }

  private node(id: string): GraphNode | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.nodes[i];
  }

  private add(node: GraphNode): void {
    this.byId.set(node.id, this.nodes.push(node) - 1);
  }

  private link(source: number, target: number, kind: GraphEdgeKind, line: number, count: number): void {
    this.ends.push(source, target);
    this.kind.push(kind);
    this.line.push(line);
    this.count.push(count);
  }

  addPage(p: GraphPage): void {
    this.pageAt.set(p.id, this.nodes.length);
    this.add({
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
    if (e.targetPage !== null || !this.pageAt.has(e.pageId)) return;
    const from = this.depths.get(e.pageId) ?? null;
    const depth = from === null ? null : from + 1;
    if (this.maxDepth !== null && (depth === null || depth > this.maxDepth)) return;
    const id = targetId(e);
    const known = this.node(id);
    if (known) {
      if (depth !== null && known.depth !== null && depth < known.depth) known.depth = depth;
      return;
    }
    const missing = e.targetFile === null && e.external === null;
    const node: GraphNode = {
      id,
      type: e.targetFile !== null ? 'attachment' : missing ? 'missing' : 'source',
      key: e.target,
      path: e.external,
      root: null,
      title: e.target,
      tags: [],
      tier: null,
      scope: null,
      stale: false,
      archived: false,
      missing,
      depth,
    };
    this.add(node);
    if (e.targetFile !== null) this.files.set(e.targetFile, node);
  }

  addEdge(e: EdgeRow): void {
    const s = this.pageAt.get(e.pageId);
    const t = e.targetPage !== null ? this.pageAt.get(e.targetPage) : this.byId.get(targetId(e));
    if (s !== undefined && t !== undefined) this.link(s, t, e.kind, e.line, e.n);
  }
}

export const conceptId = (norm: string) => `c:${norm}`;

/** Concepts as nodes and mentions as edges, for the pages in the answer (`ids`; null: every page), named as the viewer's pages name them. */
async function addConcepts(store: Store, graph: GraphBuilder, ids: number[] | null, viewer: Viewer): Promise<void> {
  const rows = await store.concepts.mentionsOf(ids);
  const seen = await store.concepts.seenBy(viewer, [...new Set(rows.map((m) => m.concept))]);
  for (const m of rows) {
    const as = seen ? seen.get(m.concept) : m;
    if (as) graph.addMention({ ...m, name: as.name });
  }
}

function targetId(e: EdgeRow): string {
  return e.targetFile !== null ? `f${e.targetFile}` : e.external !== null ? `s:${e.external}` : e.missingKey!;
}

/** Attachments get their path, root and file name in one query. */
async function describeFiles(store: Store, files: Map<number, GraphNode>): Promise<void> {
  if (files.size === 0) return;
  for (const r of await store.attachments.describe(files.keys())) {
    const node = files.get(r.id)!;
    node.path = r.path;
    node.root = r.root;
    node.key = node.title = r.path.slice(r.path.lastIndexOf('/') + 1);
  }
}
