// The graph as the drawing needs it: nodes by index, edges as index pairs, who touches whom.
// Built once per answer; filters, layout and drawing all work on these indexes.
import type { GraphColumns, GraphEdgeKind, GraphNode } from '../../shared/graph.ts';

export interface GraphModel {
  nodes: GraphNode[];
  edgeCount: number;
  /** edge i joins node edgeEnds[2i] to node edgeEnds[2i + 1] */
  edgeEnds: Uint32Array;
  /** edge i's kind is kinds[edgeKind[i]] */
  edgeKind: Uint8Array;
  kinds: GraphEdgeKind[];
  indexOf: Map<string, number>;
  /** the edges of each node, either direction */
  incident: number[][];
  /** links in and out, counted once per edge */
  degree: Uint32Array;
  centre: number;
  truncated: boolean;
}

export function graphModel(g: GraphColumns): GraphModel {
  const edgeEnds = Uint32Array.from(g.edges.ends);
  const edgeCount = g.edges.kind.length;
  const incident: number[][] = g.nodes.map(() => []);
  const degree = new Uint32Array(g.nodes.length);
  for (let e = 0; e < edgeCount; e++) {
    const [s, t] = [edgeEnds[2 * e]!, edgeEnds[2 * e + 1]!];
    incident[s]!.push(e);
    incident[t]!.push(e);
    degree[s]!++;
    degree[t]!++;
  }
  return {
    nodes: g.nodes,
    edgeCount,
    edgeEnds,
    edgeKind: Uint8Array.from(g.edges.kind),
    kinds: g.edges.kinds,
    indexOf: new Map(g.nodes.map((n, i) => [n.id, i])),
    incident,
    degree,
    centre: g.centre,
    truncated: g.truncated,
  };
}

/** How edge e is drawn: by its kind, or as a link to a missing page. */
export function edgeLook(model: GraphModel, e: number): GraphEdgeKind | 'missing' {
  return model.nodes[model.edgeEnds[2 * e + 1]!]!.missing ? 'missing' : model.kinds[model.edgeKind[e]!]!;
}

/** Past this many edges or nodes a graph is drawn the large way: edges on the edge layer, labels when zoomed in, layout shown as it runs. */
const LARGE_EDGES = 3000;
const LARGE_NODES = 1500;

export function isLarge(model: GraphModel): boolean {
  return model.edgeCount > LARGE_EDGES || model.nodes.length > LARGE_NODES;
}

/** A node's drawn diameter: grows with its links. */
export function nodeSize(model: GraphModel, i: number, large: boolean): number {
  const degree = model.degree[i]!;
  return large ? Math.min(24, 5 + 1.6 * Math.sqrt(degree)) : Math.min(40, 12 + 3.5 * Math.sqrt(degree));
}

/** Nodes whose key or title contains the text, those that start with it first, then the best linked. */
export function findNodes(model: GraphModel, text: string, visible: Uint8Array, limit = 8): number[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const hits: { i: number; rank: number }[] = [];
  model.nodes.forEach((n, i) => {
    if (!visible[i]) return;
    const key = n.key.toLowerCase();
    const title = n.title.toLowerCase();
    const rank = key === q || title === q ? 0 : key.startsWith(q) || title.startsWith(q) ? 1 : key.includes(q) || title.includes(q) ? 2 : -1;
    if (rank >= 0) hits.push({ i, rank });
  });
  hits.sort((a, b) => a.rank - b.rank || model.degree[b.i]! - model.degree[a.i]! || model.nodes[a.i]!.key.localeCompare(model.nodes[b.i]!.key));
  return hits.slice(0, limit).map((h) => h.i);
}
