// The reference graph, as every door sees it: pages, and what their links point at, as nodes;
// links as edges. Pure schemas: the engine, the CLI and the renderer share them.
import { z } from 'zod';
import { LinkKind, Scope } from './page.ts';

export const GRAPH_NODE_TYPES = ['page', 'attachment', 'source', 'missing'] as const;
export type GraphNodeType = (typeof GRAPH_NODE_TYPES)[number];

export const GraphNode = z.object({
  id: z.string().describe('unique within one answer; edges name nodes by it'),
  type: z.enum(GRAPH_NODE_TYPES).describe('page; an attachment (image, file) of the wiki; a source outside the wiki (code path, URL); or a target nothing answers'),
  key: z.string().describe('page key; attachment file name; a source or missing target as written'),
  path: z.string().nullable().describe('page or attachment path relative to its root; a source file (absolute) or URL; null when missing'),
  root: z.string().nullable(),
  title: z.string(),
  tags: z.array(z.string()),
  tier: z.string().nullable(),
  scope: Scope.nullable(),
  stale: z.boolean(),
  archived: z.boolean(),
  missing: z.boolean(),
  depth: z.number().int().nullable().describe('links between it and the centre page; null in the whole graph'),
});
export type GraphNode = z.infer<typeof GraphNode>;

/** All the links of one kind from one page to one target, as one edge. */
export const GraphEdge = z.object({
  source: z.string(),
  target: z.string(),
  kind: LinkKind,
  line: z.number().int().describe('the first line in the source page that links'),
  count: z.number().int().describe('how many links of this kind the source page has to this target'),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const GRAPH_MAX_PAGES = 100_000;

export const GraphRequest = z.object({
  around: z
    .object({ key: z.string().min(1).max(1000), agent: z.string().min(1).max(500).nullable().optional() })
    .nullable()
    .optional()
    .describe('the centre page; none: the whole wiki'),
  depth: z.number().int().min(1).max(3).default(1).describe('links to follow out from the centre page, either way'),
  limit: z.number().int().min(1).max(GRAPH_MAX_PAGES).default(20_000).describe('at most this many pages; the answer says when more were left out'),
});
export type GraphRequest = z.input<typeof GraphRequest>;

export const GraphResponse = z.object({
  centre: z.string().nullable().describe('the id of the centre page'),
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
  truncated: z.boolean().describe('pages were left out to stay within the limit'),
});
export type GraphResponse = z.infer<typeof GraphResponse>;
