// Pages: lookup by key/path/id, the one visibility rule (visibleTo), page rows for views, writes of page rows.
// The interface every store implements (SQLite today: sqlite/pages.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { Heading, PageSummary, Provenance } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';

export type { Viewer } from '../../../shared/viewer.ts';

/** What a reader sees beyond its spaces' live pages, stated by the caller (the rule: store/visibility.ts). */
export interface VisibilityOptions {
  /** Also the shared pages the viewer's own pages shadow. */
  shadowed?: boolean;
  /** Also archived pages. */
  archived?: boolean;
  /** Also pages marked `usage_mode: never`. */
  never?: boolean;
}

import type { SearchFilters } from '../../../shared/search.ts';

/** A page as the index holds it, with what the contract's PageSummary is made of. */
export interface PageSummaryRow {
  id: number;
  key: string;
  path: string;
  root: string;
  scope: 'global' | 'user';
  agent: string | null;
  title: string;
  summary: string | null;
  tags: string;
  content_hash: string;
}

/** How a page row becomes the contract's PageSummary: one mapping for every query that lists pages. */
export function toPageSummary(r: PageSummaryRow): PageSummary {
  return {
    key: r.key,
    path: r.path,
    root: r.root,
    scope: { kind: r.scope, agent: r.agent },
    title: r.title,
    summary: r.summary,
    tags: JSON.parse(r.tags) as string[],
    hash: r.content_hash,
  };
}

/** `aliases:` as a page's frontmatter gives it (a list, one name, or, not JSON, the text itself) as names. */
export function aliasList(json: string | null): string[] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.map(String) : [String(v)];
  } catch {
    return [json];
  }
}

/** A whole page row, for the page view and for writes to find the page they change. */
export interface PageRecord extends PageSummaryRow {
  frontmatter: string;
  fm_error: string | null;
  fm_error_line: number | null;
  body: string;
  headings: string;
  provenance: string;
}

/** A page as link resolution sees it. */
export interface PageNode {
  id: number;
  rootId: number;
  rootPath: string;
  relPath: string;
  keyLower: string;
  scope: 'global' | 'user';
  agent: string | null;
  headings: { text: string }[];
  blockIds: string[];
}

/** A page as the reference graph draws it. */
export interface GraphPage {
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

/** A page as the Pages screen lists it (graph/page-list.ts). */
export interface BrowseRow {
  key: string;
  title: string;
  root: string;
  path: string;
  scope: 'global' | 'user';
  agent: string | null;
  tier: string | null;
  /** JSON array. */
  tags: string;
  updated: string | null;
  mtimeMs: number;
  archived: number;
  stale: number;
  /** how many other pages the viewer sees link to it */
  linkedFrom: number;
}

/** A page as recall names it, with its root's id (dated notes follow each other within one folder of one root). */
export interface PagePlace {
  id: number;
  key: string;
  title: string;
  path: string;
  root: string;
  rootId: number;
}

/** A page as a list of results shows it, with its id and its `usage_mode`. */
export interface PageListing extends PageSummary {
  id: number;
  usageMode: string | null;
}

/** A page consolidation may take as a note (curation/consolidate.ts). */
export interface NoteCandidate {
  id: number;
  key: string;
  agent: string | null;
  root: string;
  rel: string;
  title: string;
  /** JSON array. */
  tags: string;
  tier: string | null;
  updated: string | null;
}

/** A page's row as an indexing run writes it: its parse and its checked frontmatter fields. */
export interface IndexedPage extends PageFields {
  fileId: number;
  key: string;
  scope: 'global' | 'user';
  agent: string | null;
  title: string;
  summary: string | null;
  tags: string[];
  frontmatter: Record<string, unknown>;
  fmError: string | null;
  fmErrorLine: number | null;
  body: string;
  headings: Heading[];
  blockIds: string[];
  provenance: Provenance[];
  /** sha1 of the file's bytes. */
  hash: string;
  prose: string;
}

/** The page contract's frontmatter fields as a page row keeps them, checked (ingest/fields.ts). */
export interface PageFields {
  tier: string | null;
  usageMode: string | null;
  owner: string | null;
  updated: string | null;
  reviewed: string | null;
  staleSince: string | null;
  archivedSince: string | null;
}

/** A page whose key another page of its scope has too, with where it lies. */
export interface DuplicateKeyRow {
  key_lower: string;
  scope: string;
  agent: string | null;
  root: string;
  path: string;
}

/** A page a link may name, as the broken-link suggester matches it (curation/suggest.ts). */
export interface LinkTarget {
  key: string;
  title: string;
  aliases: string[];
  path: string;
  agent: string | null;
}

export interface PageRepo {
  /** The pages among `ids` this viewer may read: the one visibility rule (who sees what). */
  visibleIds(viewer: Viewer, ids: readonly number[], options?: VisibilityOptions): Promise<Set<number>>;
  /** Whether the viewer may see a file (an attachment, an audit entry's page, a skill's evidence) by
   * its root and path: another agent's private space is hidden. One look-up, then a test per file. */
  filesSeenBy(viewer: Viewer): Promise<(file: { root: string; path: string }) => boolean>;
  // what the page view, link resolution, the graph and recall read (graph/)
  /** The page `key` names (case, `.md` and Unicode form aside) in an agent's spaces, its own first,
   * then global; with no agent, the global page; archived pages too. */
  byKey(key: string, agent: string | null): Promise<PageRecord | null>;
  /** The page at this path (as the index spells it) in this root: the one page no other shares; whoever may read it is the caller's to check (visibleIds). */
  byPlace(root: string, path: string): Promise<PageRecord | null>;
  /** Pages whose key is this (lowercased), for link resolution. */
  nodesByKey(keyLower: string): Promise<PageNode[]>;
  /** The pages whose key is one of these (lowercased) or whose id is one of these, in one look-up:
   * what resolving many links asks, gathered (graph/lookup.ts prefetch). In id order. */
  nodesAmong(keysLower: readonly string[], ids: readonly number[]): Promise<PageNode[]>;
  /** Pages at this root-relative path, lowercased, without `.md`. */
  nodesByPath(relNoExt: string): Promise<PageNode[]>;
  nodeById(id: number): Promise<PageNode | null>;
  /** The first `limit` page ids in file order (root, then path). */
  idsInFileOrder(limit: number): Promise<number[]>;
  /** These pages as graph nodes, in file order. */
  graphPages(ids: readonly number[]): Promise<GraphPage[]>;
  /** Every page the viewer sees, archived and `usage_mode: never` ones too, by root and path. */
  browse(viewer: Viewer): Promise<BrowseRow[]>;
  /** Pages a viewer does not see (the one rule: other agents' spaces, the global pages its own shadow); archived ones it sees. */
  hiddenFrom(viewer: Viewer): Promise<Set<number>>;
  /** Pages search never returns (archived, `usage_mode: never`). */
  retired(): Promise<number[]>;
  placeOf(id: number): Promise<PagePlace | null>;
  /** Pages whose path in this root starts with `folder` (root-relative, '' or ending in '/'). */
  under(rootId: number, folder: string): Promise<{ id: number; key: string; path: string }[]>;
  // what consolidation (curation/consolidate.ts) reads
  /** Pages neither archived nor reflections, by key. */
  noteCandidates(): Promise<NoteCandidate[]>;
  /** The paths (with their #L line) every reflection's provenance cites. */
  reflectionSources(): Promise<string[]>;
  /** Every page's key, lower case. */
  keysLower(): Promise<string[]>;
  // what knowledgeExpert (recall/knowledge-expert.ts) reads
  /** Canonical pages (tier wiki, or none; not archived, not `usage_mode: never`) with the domain among
   * their tags (any case) or its slug, under the path prefix if one is given; newest first. */
  canonicalTagged(domain: string, slug: string, pathPrefix: string | null, limit: number, viewer: Viewer): Promise<PageSummary[]>;
  /** The `updated` date of the page at root/path. */
  updatedAt(root: string, path: string): Promise<string | null>;
  /** The ids of the pages at these places, in their order; a place with no page is left out. */
  idsAt(places: readonly { root: string; path: string }[]): Promise<number[]>;

  // what search (search/) reads
  /** The keys of the pages with these ids (ids of no page are left out). */
  keysOf(ids: number[]): Promise<{ id: number; key: string }[]>;
  /** The pages with these ids as results list them (ids of no page are left out), in no order. */
  listingsOf(ids: number[]): Promise<PageListing[]>;
  /** Each page's content hash: what a cache of something computed from its text is keyed by. */
  contentHashesOf(ids: number[]): Promise<{ id: number; hash: string }[]>;
  /** The ids among `ids` of pages the search filters let through (and never archived or `usage_mode: never`). */
  visibleAmong(ids: number[], filters: SearchFilters): Promise<number[]>;

  // written by indexing runs (ingest/page-writer.ts)
  /** For each root-relative path, the content hash of its page; null where there is none (or the page must be parsed again). */
  storedHashes(rootId: number, relPaths: readonly string[]): Promise<(string | null)[]>;
  /** Writes each file's page (inserted, or replacing the file's page), a batch at once; returns the pages' ids, in order. */
  upsertIndexed(pages: readonly IndexedPage[]): Promise<number[]>;
  /** The pages of a root, with their root-relative paths. */
  placesInRoot(rootId: number): Promise<{ id: number; relPath: string }[]>;
  /** Sets who sees these pages. */
  rescope(pages: readonly { id: number; scope: 'global' | 'user'; agent: string | null }[]): Promise<void>;
  // read by the broken-link suggester (curation/suggest.ts)
  /** The pages a link of this agent may name (null: the shared space): its spaces, shadowed pages too, never archived ones. */
  linkTargets(agent: string | null): Promise<LinkTarget[]>;
  /** Pages sharing their key with another page of the same scope: by key, then shortest path first. */
  duplicateKeys(): Promise<DuplicateKeyRow[]>;
}
