// Links between pages (and to sources, attachments, missing targets): findings, backlinks, relinking.
// The interface both stores implement, written once over Kysely (common/links.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { Link, LinkFinding, LinkKind, PageSummary } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';

/** One step between pages: `link` when `seed` links to `to`, `backlink` when `to` links to `seed`. */
export interface LinkStep {
  seed: number;
  to: number;
  edge: 'link' | 'backlink';
}

/** A link as an indexing run writes it, in the order written; resolving it is relinking's work. */
export interface NewLink {
  line: number;
  kind: LinkKind;
  target: string;
  anchor: string | null;
  label: string | null;
  /** The key it names, lower case (graph/resolve.ts targetKey). */
  targetKey: string;
  /** 1-based column where it starts on its line; null in frontmatter. */
  column: number | null;
}

/** A link as stored, with its current answer: what relinking reads and compares. */
export interface StoredLink {
  id: number;
  page_id: number;
  kind: LinkKind;
  target: string;
  anchor: string | null;
  target_key: string;
  target_page_id: number | null;
  target_file_id: number | null;
  target_external: string | null;
  reason: string | null;
}

/** A link's new answer; `target_key` only when it changed (rewriting it rewrites its index entry). */
export interface LinkAnswer {
  id: number;
  targetPageId: number | null;
  targetFileId: number | null;
  external: string | null;
  reason: string | null;
  targetKey?: string;
}

/** Where a chunk of a page begins (1-based file line) and what it says: the lines around a place in it. */
export interface ChunkAt {
  chunkLine: number | null;
  text: string | null;
}

/** A backlink's place, with the chunk its line is in (none for a link in frontmatter). */
export interface BacklinkLine extends ChunkAt {
  source: string;
  sourceRoot: string;
  line: number;
  /** 1-based column where the link starts; null in frontmatter */
  column: number | null;
}

/** A page whose prose names another without linking to it: its first mention, and the chunk that line is in. */
export interface MentionLine extends ChunkAt {
  root: string;
  path: string;
  key: string;
  title: string;
  scope: 'global' | 'user';
  agent: string | null;
  line: number;
  n: number;
}

/** Links to pages, as [page id, kind, target page id, line]. */
export type PageEdge = [pageId: number, kind: LinkKind, targetPage: number, line: number];
/** Links to anything else, as [page id, kind, target file id, external target, target as written, line]. */
export type OtherEdge = [pageId: number, kind: LinkKind, targetFile: number | null, external: string | null, target: string, line: number];

export interface LinkRepo {
  /** Every page one link from the seeds, either way (a page's links to itself left out): the links out first, then the links in. */
  around(seeds: number[]): Promise<LinkStep[]>;

  // written by indexing runs
  /** Replaces each page's links with these, unresolved: a batch of pages at once (a page given twice keeps its last). */
  replaceForPages(pages: readonly { pageId: number; links: readonly NewLink[] }[]): Promise<void>;

  // read by the page view, the graph and recall, and written by relinking (graph/)
  /** Links that go nowhere for these reasons, in file order, of the pages the viewer reads (archived too). */
  dangling(reasons: readonly ('missing-page' | 'missing-anchor')[], viewer: Viewer): Promise<LinkFinding[]>;
  /** These links, as findings (the first `limit`). */
  findings(ids: readonly number[], limit: number): Promise<LinkFinding[]>;
  /** Pages the viewer reads (archived too) that no other page links to (a page linking itself does not count). */
  orphans(viewer: Viewer): Promise<PageSummary[]>;
  /** A page's links, in the order written. */
  outOf(pageId: number): Promise<Link[]>;
  /** The links to this page from the other pages the viewer reads. */
  backlinksOf(pageId: number, viewer: Viewer): Promise<Link[]>;
  /** The first `limit` backlinksOf, in its order, each with the chunk its line is in. */
  backlinkLines(pageId: number, viewer: Viewer, limit: number): Promise<BacklinkLine[]>;
  /** The first `limit` pages the viewer reads (by place) whose prose mentions a concept this page
   * is (its key, title or an alias) and that do not link to it; a page once per concept. */
  unlinkedMentions(pageId: number, viewer: Viewer, limit: number): Promise<MentionLine[]>;
  /** The links of these pages (null: of every page), leaving out a page's links to itself. */
  edges(pageIds: readonly number[] | null): Promise<{ toPages: PageEdge[]; toOthers: OtherEdge[] }>;
  /** The pages linked from or linking to these, in id order. */
  neighbours(pageIds: readonly number[]): Promise<number[]>;
  /** The pages a page links to (first link first), and those linking to it (by id); itself left out. */
  pagesLinkedFrom(pageId: number): Promise<number[]>;
  pagesLinkingTo(pageId: number): Promise<number[]>;
  /** Every link, to resolve again. */
  all(): Promise<StoredLink[]>;
  /** The links of these pages, those whose target key is one of these, and every `source` not
   * found or (`paths` given: the absolute paths a run touched) found where it meets one of them
   * (StaleRepo.sourcesMeeting). */
  affectedBy(pageIds: readonly number[], keys: readonly string[], paths: readonly string[] | null): Promise<StoredLink[]>;
  // read by link fixes (curation/link-fix.ts)
  /** The page's links to `target` on that line (of that kind, when given), as written, in the order written. */
  writtenOn(pageId: number, line: number, target: string, kind: LinkKind | null): Promise<{ kind: LinkKind; target: string; column: number | null }[]>;
  /** Writes links' new answers (inside the write transaction that makes them durable). `most`:
   * they are most of the links (a first index), written faster without the table's indexes. */
  answer(changes: readonly LinkAnswer[], most?: boolean): Promise<void>;
}
