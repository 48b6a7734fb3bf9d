// The reference graph for the Graph view and `cairn graph`: pages as nodes, and what their links
// point at (attachments, sources outside the wiki, targets nothing answers) as nodes too; the links
// of one kind from one page to one target as one edge. Either the whole wiki or the pages within
// `depth` links of a centre page, following links both ways.
import type { GraphEdge, GraphNode, GraphResponse } from '../../../shared/graph.ts';
import { BadRequest } from '../../../shared/contract.ts';
import { LINK_KINDS, type LinkKind } from '../../../shared/page.ts';
import type { Db } from '../store/database.ts';
import { findPageRow } from './page-view.ts';

export interface GraphQuery {
  around: { key: string; agent: string | null } | null;
  depth: number;
  limit: number;
}

interface PageRow {
  id: number;
  key: string;
  path: string;
  root: string;
  title: string;
  tags: string;
  tier: string | null;
  scope: 'global' | 'user';
  agent: string | null;
  archived: number;
  stale: number;
}

/** All the links of one kind from one page to one target: exactly one of the target fields is set. */
interface EdgeRow {
  pageId: number;
  kind: LinkKind;
  targetPage: number | null;
  targetFile: number | null;
  external: string | null;
  /** a missing target is known by the key a page would need (so [[x]] and [x](x.md) meet), a missing source by its text */
  missingKey: string | null;
  target: string;
  line: number;
  n: number;
}

const PAGES = `SELECT p.id, p.key, f.rel_path AS path, r.path AS root, p.title, p.tags, p.tier, p.scope, p.agent,
  p.archived_since IS NOT NULL AS archived, EXISTS (SELECT 1 FROM staleness s WHERE s.page_id = p.id) AS stale
  FROM pages p JOIN files f ON f.id = p.file_id JOIN roots r ON r.id = f.root_id`;

// Read and grouped here rather than with GROUP BY, which sorts every row and took twice as long; links
// to pages (most of them) are read as numbers only.
const TO_PAGES = `SELECT page_id, kind, target_page_id, line FROM links WHERE target_page_id IS NOT NULL AND target_page_id != page_id`;
const TO_OTHERS = `SELECT page_id, kind, target_file_id, target_external, target_key, target, line FROM links WHERE target_page_id IS NULL`;
const OF_PAGES = ` AND page_id IN (SELECT value FROM json_each(?))`;

export function referenceGraph(db: Db, q: GraphQuery): GraphResponse {
  const centre = q.around ? findPageRow(db, q.around.key, q.around.agent) : null;
  if (q.around && !centre) throw new BadRequest(`no page with key "${q.around.key}"${q.around.agent ? ` for agent ${q.around.agent}` : ''}; list pages with \`cairn search\``);
  const { depths, truncated } = centre ? neighbourhood(db, centre.id, q.depth, q.limit) : everyPage(db, q.limit);
  const pages = readPages(db, [...depths.keys()]);
  // the whole graph reads every link (faster than naming 10,000 pages), so edges of pages left out are dropped below
  const edgeRows = readEdges(db, centre ? [...depths.keys()] : null);
  const graph = new GraphBuilder(db, depths, centre ? q.depth : null);
  for (const p of pages) graph.addPage(p);
  for (const e of edgeRows) graph.addEdge(e);
  return { centre: centre ? pageId(centre.id) : null, nodes: graph.nodes(), edges: graph.edges, truncated };
}

const pageId = (id: number) => `p${id}`;

/** Every page (in file order) up to the limit; depth is not defined without a centre. */
function everyPage(db: Db, limit: number): { depths: Map<number, number | null>; truncated: boolean } {
  const ids = db.prepare(`SELECT p.id FROM pages p JOIN files f ON f.id = p.file_id ORDER BY f.root_id, f.rel_path LIMIT ?`).pluck().all(limit + 1) as number[];
  const truncated = ids.length > limit;
  return { depths: new Map(ids.slice(0, limit).map((id) => [id, null])), truncated };
}

/** Breadth first from the centre over links in either direction, one SQL round per level. */
function neighbourhood(db: Db, centre: number, depth: number, limit: number): { depths: Map<number, number | null>; truncated: boolean } {
  const next = db.prepare(
    `SELECT target_page_id FROM links WHERE page_id IN (SELECT value FROM json_each(@ids)) AND target_page_id IS NOT NULL
     UNION SELECT page_id FROM links WHERE target_page_id IN (SELECT value FROM json_each(@ids))
     ORDER BY 1`,
  );
  const depths = new Map<number, number | null>([[centre, 0]]);
  let frontier = [centre];
  for (let d = 1; d <= depth && frontier.length > 0; d++) {
    const found = (next.pluck().all({ ids: JSON.stringify(frontier) }) as number[]).filter((id) => !depths.has(id));
    if (depths.size + found.length > limit) {
      for (const id of found.slice(0, limit - depths.size)) depths.set(id, d);
      return { depths, truncated: true };
    }
    for (const id of found) depths.set(id, d);
    frontier = found;
  }
  return { depths, truncated: false };
}

/** The links of these pages (null: of every page), one row per page, kind and target. */
function readEdges(db: Db, pageIds: number[] | null): EdgeRow[] {
  const read = (sql: string) => (pageIds ? db.prepare(sql + OF_PAGES).raw().all(JSON.stringify(pageIds)) : db.prepare(sql).raw().all()) as unknown[][];
  const edges: EdgeRow[] = [];
  const byPage = new Map<number, Map<number | string, EdgeRow>>();
  const add = (pageId: number, key: number | string, line: number, make: () => EdgeRow) => {
    let mine = byPage.get(pageId);
    if (!mine) byPage.set(pageId, (mine = new Map()));
    const known = mine.get(key);
    if (!known) {
      const edge = make();
      mine.set(key, edge);
      edges.push(edge);
    } else {
      known.n++;
      if (line < known.line) known.line = line;
    }
  };
  for (const [pageId, kind, targetPage, line] of read(TO_PAGES) as [number, LinkKind, number, number][]) {
    add(pageId, targetPage * KIND_COUNT + KIND_INDEX[kind], line, () => ({ pageId, kind, targetPage, targetFile: null, external: null, missingKey: null, target: '', line, n: 1 }));
  }
  for (const [pageId, kind, targetFile, external, targetKey, target, line] of read(TO_OTHERS) as [number, LinkKind, number | null, string | null, string, string, number][]) {
    const missingKey = targetFile === null && external === null ? (kind === 'source' ? `ms:${target}` : `m:${targetKey}`) : null;
    const key = `${kind}\0${targetFile ?? ''}\0${external ?? ''}\0${missingKey ?? ''}`;
    add(pageId, key, line, () => ({ pageId, kind, targetPage: null, targetFile, external, missingKey, target, line, n: 1 }));
  }
  return edges;
}

const KIND_COUNT = LINK_KINDS.length;
const KIND_INDEX = Object.fromEntries(LINK_KINDS.map((k, i) => [k, i])) as Record<LinkKind, number>;

function readPages(db: Db, ids: number[]): PageRow[] {
  return db.prepare(`${PAGES} WHERE p.id IN (SELECT value FROM json_each(?)) ORDER BY f.root_id, f.rel_path`).all(JSON.stringify(ids)) as PageRow[];
}

/** Turns page and edge rows into nodes and edges, adding a node for each non-page target it meets. */
class GraphBuilder {
  readonly edges: GraphEdge[] = [];
  private byId = new Map<string, GraphNode>();
  private files = new Map<number, string>();

  constructor(
    private db: Db,
    private depths: Map<number, number | null>,
    /** null: the whole graph, where every target is shown */
    private maxDepth: number | null,
  ) {}

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

  addEdge(e: EdgeRow): void {
    if (!this.depths.has(e.pageId)) return;
    const from = this.depths.get(e.pageId) ?? null;
    const target = e.targetPage !== null ? this.pageTarget(e.targetPage) : this.otherTarget(e, from === null ? null : from + 1);
    if (target) this.edges.push({ source: pageId(e.pageId), target, kind: e.kind, line: e.line, count: e.n });
  }

  nodes(): GraphNode[] {
    this.describeFiles();
    return [...this.byId.values()];
  }

  private pageTarget(id: number): string | null {
    return this.depths.has(id) ? pageId(id) : null;
  }

  /** An attachment, source or missing target, one link further from the centre than its page. */
  private otherTarget(e: EdgeRow, depth: number | null): string | null {
    if (this.maxDepth !== null && (depth === null || depth > this.maxDepth)) return null;
    const id = e.targetFile !== null ? `f${e.targetFile}` : e.external !== null ? `s:${e.external}` : e.missingKey!;
    const known = this.byId.get(id);
    if (known) {
      if (depth !== null && known.depth !== null && depth < known.depth) known.depth = depth;
      return id;
    }
    const missing = e.targetFile === null && e.external === null;
    const type = e.targetFile !== null ? 'attachment' : missing ? 'missing' : 'source';
    if (e.targetFile !== null) this.files.set(e.targetFile, id);
    this.byId.set(id, {
      id,
      type,
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
    });
    return id;
  }

  /** Attachments get their path, root and file name in one query. */
  private describeFiles(): void {
    if (this.files.size === 0) return;
    const rows = this.db
      .prepare(`SELECT f.id, f.rel_path AS path, r.path AS root FROM files f JOIN roots r ON r.id = f.root_id WHERE f.id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify([...this.files.keys()])) as { id: number; path: string; root: string }[];
    for (const r of rows) {
      const node = this.byId.get(this.files.get(r.id)!)!;
      node.path = r.path;
      node.root = r.root;
      node.key = node.title = r.path.slice(r.path.lastIndexOf('/') + 1);
    }
  }
}
