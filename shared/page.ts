// The page contract: what a wiki page is, as every door sees it.
// Pure types and schemas: imported by the engine and the renderer alike, so no Node here.
import { z } from 'zod';

export const LINK_KINDS = ['wikilink', 'embed', 'markdown', 'ref', 'source'] as const;
export const LinkKind = z.enum(LINK_KINDS);
export type LinkKind = z.infer<typeof LinkKind>;

export const BrokenReason = z.enum(['missing-page', 'missing-anchor']);
export type BrokenReason = z.infer<typeof BrokenReason>;

export const USAGE_MODES = ['always', 'auto', 'never'] as const;
export const TIERS = ['wiki', 'doc', 'reflection', 'raw'] as const;

/** Where a page lives: the shared space, or one agent's own space that shadows it. */
export const Scope = z.object({
  kind: z.enum(['global', 'user']),
  agent: z.string().nullable(),
});
export type Scope = z.infer<typeof Scope>;

/**
 * How a request names a page: by where it is (its root and its path in the root: exactly that page,
 * the one address no other page shares), or by key, as agents and old links do (an agent's own page
 * first, then the shared one; of several with one name, the shortest path).
 */
export const PageRef = z
  .object({
    key: z
      .string()
      .min(1)
      .max(1000)
      .optional()
      .describe("the page's file name without .md: an agent's own page first, then the shared one; of several with one name, the shortest path"),
    root: z.string().min(1).max(4096).optional().describe('with path: the root the page is in (as search results and pages give it)'),
    path: z.string().min(1).max(1000).optional().describe("with root: the page's path in its root, e.g. Folder/Page.md; names exactly that page"),
    agent: z.string().min(1).max(500).nullable().optional().describe('the agent whose own page (user/<agent>/) is meant, or who views'),
  })
  .refine((r) => r.key !== undefined || (r.root !== undefined && r.path !== undefined), { message: 'name the page by key, or by root and path' });
export type PageRef = z.infer<typeof PageRef>;

export const Heading = z.object({
  level: z.number().int(),
  text: z.string(),
  line: z.number().int(),
});
export type Heading = z.infer<typeof Heading>;

/** One edge out of a page, as written, and what it resolved to (null when broken). */
export const Link = z.object({
  source: z.string().describe('path of the linking page, relative to its root'),
  sourceRoot: z.string().describe('the root of the linking page'),
  sourceKey: z.string(),
  line: z.number().int().describe('1-based line in the source file'),
  target: z.string().describe('link text without |label'),
  anchor: z.string().nullable(),
  label: z.string().nullable(),
  kind: LinkKind,
  resolvedKey: z.string().nullable(),
  resolvedPath: z.string().nullable().describe('page or attachment the link resolved to'),
  resolvedRoot: z.string().nullable().describe('the root of the page or attachment it resolved to'),
  reason: BrokenReason.nullable().describe('null when the link and its anchor resolve'),
  context: z
    .string()
    .optional()
    .describe("a backlink's sentence around the link, as written (at most ~200 characters; given for a page's first 100 backlinks)"),
});
export type Link = z.infer<typeof Link>;

/** A page whose prose names another page (its title, key or an alias) without linking to it. */
export const UnlinkedMention = z.object({
  root: z.string(),
  path: z.string().describe('the mentioning page, relative to its root'),
  key: z.string(),
  title: z.string(),
  scope: Scope,
  line: z.number().int().describe('1-based line of the first mention in the file'),
  count: z.number().int().describe('how many times its prose names the page'),
  context: z.string().nullable().describe('the sentence around the first mention, as written (at most ~200 characters)'),
  phrase: z.string().nullable().describe('the mention as written in that sentence, when found there'),
});
export type UnlinkedMention = z.infer<typeof UnlinkedMention>;

export const Provenance = z.object({ from: z.string(), line: z.number().int() });
export type Provenance = z.infer<typeof Provenance>;

export const PageSummary = z.object({
  key: z.string(),
  path: z.string().describe('relative to its root'),
  root: z.string(),
  scope: Scope,
  title: z.string(),
  summary: z.string().nullable(),
  tags: z.array(z.string()),
  hash: z.string().describe("sha1 of the page's file as indexed: send it back as baseHash when you write the page"),
});
export type PageSummary = z.infer<typeof PageSummary>;

export const Page = PageSummary.extend({
  frontmatter: z.record(z.string(), z.unknown()),
  frontmatterError: z.string().nullable(),
  body: z.string(),
  headings: z.array(Heading),
  links: z.array(Link),
  backlinks: z.array(Link),
  provenance: z.array(Provenance),
  shadows: z.string().nullable().describe('path of the global page this user page shadows'),
  sameName: z
    .array(z.object({ root: z.string(), path: z.string(), scope: Scope }))
    .describe('the other pages with this key the viewer sees (a link by key goes to the one closest to it; by path, to that one)'),
});
export type Page = z.infer<typeof Page>;

/** A link that does not resolve, where it is written. */
export const LinkFinding = z.object({
  root: z.string(),
  source: z.string().describe('path of the linking page, relative to its root'),
  sourceKey: z.string(),
  scope: Scope.describe("the linking page's scope: a fix to a user page is made in that agent's space"),
  line: z.number().int(),
  column: z.number().int().nullable().describe('1-based column where the link starts on its line; null for a frontmatter ref or source'),
  target: z.string(),
  anchor: z.string().nullable(),
  kind: LinkKind,
  reason: BrokenReason,
});
export type LinkFinding = z.infer<typeof LinkFinding>;

export const AUDIT_ACTIONS = ['write', 'create', 'review', 'archive', 'fix', 'undo', 'register', 'approve', 'reject'] as const;

/** One write Cairn made to a page: who, when, what, and the content hash before and after. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  root: z.string(),
  path: z.string(),
  key: z.string(),
  hashBefore: z.string().nullable().describe('null: the write created the page'),
  hashAfter: z.string().nullable().describe('null: the write removed the page (an undone creation)'),
  detail: z.string().nullable().describe('what a fix or an undo did, in words'),
  undoable: z.boolean().describe('the log kept what the file held before this write'),
  undoes: z.number().int().nullable().describe('for an undo: the entry it reversed'),
  undoneBy: z.number().int().nullable().describe('the undo that reversed this entry and stands (null: none, or that undo was itself undone)'),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const STALE_KINDS = ['source-changed', 'source-missing', 'links-archived', 'not-reviewed'] as const;

/** Why a page may no longer be true. */
export const StaleReason = z.object({
  kind: z.enum(STALE_KINDS),
  detail: z.string().describe('the source, the archived page, or the age, in words'),
});
export type StaleReason = z.infer<typeof StaleReason>;

export const StalePage = PageSummary.extend({
  owner: z.string().nullable(),
  since: z.string().describe('when the index first found it stale (never written into the file)'),
  lastReviewed: z.string().nullable().describe('its `reviewed` or `updated` date, the later one'),
  reasons: z.array(StaleReason),
});
export type StalePage = z.infer<typeof StalePage>;

/** One file a page names in `sources`, and what happened to it since the page was last reviewed. */
export const SourceChange = z.object({
  source: z.string().describe('as written in the page'),
  path: z.string().nullable().describe('the file it was found at (absolute), or a URL; null when it is missing'),
  changedAt: z.string().nullable().describe('its last commit, else its mtime'),
  commits: z
    .array(z.object({ hash: z.string(), date: z.string(), subject: z.string() }))
    .nullable()
    .describe('commits since the page was last reviewed or updated, newest first; null when git does not know the file'),
});
export type SourceChange = z.infer<typeof SourceChange>;
