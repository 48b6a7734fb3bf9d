// The graph as the drawing needs it: nodes by index, edges as index pairs, who touches whom.
// Built once per answer; filters, layout and drawing all work on these indexes.
import type { GraphEdge, GraphNode, GraphResponse } from '../../shared/graph.ts';

export interface GraphModel {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** edge i joins node edgeEnds[2i] to node edgeEnds[2i + 1] */
  edgeEnds: Uint32Array;
  indexOf: Map<string, number>;
  /** the edges of each node, either direction */
  incident: number[][];
  /** links in and out, counted once per edge */
  degree: Uint32Array;
  centre: number;
  truncated: boolean;
}

export function graphModel(g: GraphResponse): GraphModel {
  const indexOf = new Map(g.nodes.map((n, i) => [n.id, i]));
  const edgeEnds = new Uint32Array(g.edges.length * 2);
  const incident: number[][] = g.nodes.map(() => []);
  const degree = new Uint32Array(g.nodes.length);
  g.edges.forEach((e, i) => {
    const s = indexOf.get(e.source)!;
    const t = indexOf.get(e.target)!;
    edgeEnds[2 * i] = s;
    edgeEnds[2 * i + 1] = t;
    incident[s]!.push(i);
    incident[t]!.push(i);
    degree[s]!++;
    degree[t]!++;
  });
  return { nodes: g.nodes, edges: g.edges, edgeEnds, indexOf, incident, degree, centre: g.centre ? (indexOf.get(g.centre) ?? -1) : -1, truncated: g.truncated };
}

/** Past this many edges or nodes a graph is drawn the large way: edges on the edge layer, labels when zoomed in, layout shown as it runs. */
const LARGE_EDGES = 3000;
const LARGE_NODES = 1500;

export function isLarge(model: GraphModel): boolean {
  return model.edges.length > LARGE_EDGES || model.nodes.length > LARGE_NODES;
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
