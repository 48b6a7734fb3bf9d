// The reference graph, as every door sees it: pages, and what their links point at, as nodes;
// links as edges. Pure schemas: the engine, the CLI and the renderer share them.
import { z } from 'zod';
import { LinkKind, PageRef, Scope } from './page.ts';

export const GRAPH_NODE_TYPES = ['page', 'attachment', 'source', 'missing', 'concept'] as const;
export type GraphNodeType = (typeof GRAPH_NODE_TYPES)[number];

export const GraphNode = z.object({
  id: z.string().describe('unique within one answer; edges name nodes by it'),
  type: z
    .enum(GRAPH_NODE_TYPES)
    .describe(
      'page; an attachment (image, file) of the wiki; a source outside the wiki (code path, URL); a target nothing answers; or a concept pages mention',
    ),
  key: z.string().describe("page key; attachment file name; a source or missing target as written; a concept's canonical name"),
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

/** Edge kinds: the link kinds, and `mentions` from a page to a concept its prose names. */
export const GraphEdgeKind = z.union([LinkKind, z.literal('mentions')]);
export type GraphEdgeKind = z.infer<typeof GraphEdgeKind>;

/** All the links of one kind from one page to one target, as one edge. */
export const GraphEdge = z.object({
  source: z.string(),
  target: z.string(),
  kind: GraphEdgeKind,
  line: z.number().int().describe('the first line in the source page that links'),
  count: z.number().int().describe('how many links of this kind the source page has to this target'),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const GRAPH_MAX_PAGES = 100_000;

export const GraphRequest = z.object({
  around: PageRef.nullable().optional().describe('the centre page; none: the whole wiki'),
  depth: z.number().int().min(1).max(3).default(1).describe('links to follow out from the centre page, either way'),
  limit: z.number().int().min(1).max(GRAPH_MAX_PAGES).default(20_000).describe('at most this many pages; the answer says when more were left out'),
  concepts: z
    .boolean()
    .default(false)
    .describe('also the concepts the pages mention, as nodes, with `mentions` edges (one step further than the page that mentions them)'),
});
export type GraphRequest = z.input<typeof GraphRequest>;

export const GraphResponse = z.object({
  centre: z.string().nullable().describe('the id of the centre page'),
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
  truncated: z.boolean().describe('pages were left out to stay within the limit'),
});
export type GraphResponse = z.infer<typeof GraphResponse>;

/** The same graph in columns, for drawing a large one: each edge is two node indexes and a kind, without its line and count (a fifth of the bytes of `GraphResponse` for a 10,000-page wiki). */
export const GraphColumns = z.object({
  centre: z.number().int().describe("the centre page's index in `nodes`; -1 for the whole wiki"),
  nodes: z.array(GraphNode),
  edges: z.object({
    ends: z.array(z.number().int().min(0)).describe('each edge’s source and target as indexes in `nodes`, one after the other: s0, t0, s1, t1, …'),
    kind: z.array(z.number().int().min(0)).describe('each edge’s kind, as an index in `kinds`'),
    kinds: z.array(GraphEdgeKind),
  }),
  truncated: z.boolean().describe('pages were left out to stay within the limit'),
});
export type GraphColumns = z.infer<typeof GraphColumns>;

/** One concept of the dictionary: tags, page keys, titles and aliases merged by case, punctuation, plural and configured alias. */
export const ConceptEntry = z.object({
  id: z.string().describe('the node id the graph gives it'),
  name: z.string().describe('canonical name'),
  variants: z.array(z.string()).describe('every spelling merged into it, as written'),
  sources: z.number().int().describe('pages that name it (tag, key, title, alias)'),
  mentions: z.number().int().describe('pages whose prose mentions it'),
});
export type ConceptEntry = z.infer<typeof ConceptEntry>;

export const ConceptsRequest = z.object({
  query: z.string().max(200).optional().describe('only concepts with a variant containing this text'),
  limit: z.number().int().min(1).max(GRAPH_MAX_PAGES).default(200),
});
export type ConceptsRequest = z.input<typeof ConceptsRequest>;

export const ConceptsResponse = z.object({
  concepts: z.array(ConceptEntry).describe('most mentioned first'),
  total: z.number().int().describe('concepts that matched, before the limit'),
});
export type ConceptsResponse = z.infer<typeof ConceptsResponse>;

/** How recall reached a page from the one before it on its path. */
export const RECALL_EDGES = ['link', 'backlink', 'concept', 'follows'] as const;
export const RecallStep = z.object({
  from: z.string().describe('key of the page the step starts from'),
  edge: z
    .enum(RECALL_EDGES)
    .describe(
      'link: it links to the next page; backlink: the next page links to it; concept: both name or mention `concept`; follows: dated notes next to each other in one folder',
    ),
  concept: z.string().optional().describe('the concept a concept step goes through'),
});
export type RecallStep = z.infer<typeof RecallStep>;

export const RecallPage = z.object({
  key: z.string(),
  title: z.string(),
  path: z.string(),
  root: z.string(),
  distance: z.number().int().describe('steps from the nearest seed; 0 for a seed'),
  seeds: z.number().int().describe('how many seeds reach it within the hops'),
  via: z.array(RecallStep).describe('the path that reached it from a seed: why it is here'),
});
export type RecallPage = z.infer<typeof RecallPage>;

export const RecallWalkRequest = z.object({
  seed: z
    .union([
      z.object({
        query: z.string().min(1).max(2000),
        agent: z.string().min(1).max(500).nullable().optional().describe('search as this agent: its own pages shadow global ones, other agents’ are left out'),
      }),
      PageRef,
    ])
    .describe('a page, or a query whose top 3 hybrid search hits are the seeds'),
  hops: z.number().int().min(1).max(3).default(2).describe('steps to walk out from the seeds'),
  limit: z.number().int().min(1).max(1000).default(50),
});
export type RecallWalkRequest = z.input<typeof RecallWalkRequest>;

export const RecallWalkResponse = z.object({
  seeds: z.array(z.string()).describe('the seed pages’ keys'),
  pages: z.array(RecallPage).describe('nearest first, then reached by more seeds'),
  edges: z
    .array(z.object({ source: z.string(), target: z.string(), edge: z.enum(RECALL_EDGES), concept: z.string().optional() }))
    .describe('the last step of each page’s path, for drawing'),
  truncated: z.boolean(),
});
export type RecallWalkResponse = z.infer<typeof RecallWalkResponse>;
