// Stale records: which pages may no longer be true and why (curation/staleness.ts holds the rules),
// derived after every indexing run, and what the rules read: the sources pages cite, links to
// archived pages, review dates, and which pages a change to a few paths can reach.
// The interface every store implements (SQLite today: sqlite/staleness.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).
import type { PageSummary, StaleReason } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';

/** Only these pages, or all of them (null). */
export type StaleScope = readonly number[] | null;

/** A `sources` entry of a page that is not archived, with the page's dates. */
export interface CitedSource {
  pageId: number;
  target: string;
  /** Where it was found (absolute), a URL, or null. */
  found: string | null;
  /** Why it resolved to nothing ('missing-page'), or null. */
  reason: string | null;
  reviewed: string | null;
  updated: string | null;
  /** The page file's mtime (ms). */
  mtime: number;
}

export interface StaleRecord {
  page: PageSummary;
  owner: string | null;
  reviewed: string | null;
  updated: string | null;
  since: string;
  reasons: StaleReason[];
}

export interface StaleRepo {
  /** In page order, then the order they are written in. */
  citedSources(scope: StaleScope): Promise<CitedSource[]>;
  /** Pages (not archived) that link to an archived page other than themselves, with its key. */
  linksToArchived(scope: StaleScope): Promise<{ pageId: number; key: string }[]>;
  /** Pages (not archived) whose later date of `reviewed` and `updated` is before `oldest` (YYYY-MM-DD). */
  reviewedBefore(oldest: string, scope: StaleScope): Promise<{ id: number; last: string }[]>;
  /** Pages the age rule reaches (as reviewedBefore) whose record does not say so. */
  agedUnrecorded(oldest: string): Promise<number[]>;
  /** Call inside a write: replaces the records of the pages in scope; a page keeps the date it first
   * went stale while it stays stale, a page deleted since it was read gets none. */
  record(stale: ReadonlyMap<number, StaleReason[]>, now: string, scope: StaleScope): Promise<void>;
  /** Of the pages the viewer reads (archived ones too), longest stale first. */
  records(viewer: Viewer): Promise<StaleRecord[]>;
  /** A page's review dates. */
  datesOf(pageId: number): Promise<{ reviewed: string | null; updated: string | null } | null>;
  /** A page's `sources`, in the order written. */
  sourcesOf(pageId: number): Promise<{ target: string; found: string | null; reason: string | null }[]>;
  // what a change to a few paths can reach (curation/stale-scope.ts)
  roots(): Promise<{ id: number; path: string }[]>;
  /** The pages of the files at `rels`, and of every file under those that are folders. */
  pagesAt(rootId: number, rels: readonly string[]): Promise<number[]>;
  pagesLinkingTo(pageIds: readonly number[]): Promise<number[]>;
  /** The `sources` entries found at one of these absolute paths, under one, or at a folder around
   * one (graph/relink.ts pathsMeet); past ten paths, every entry found at a path or URL. */
  sourcesMeeting(paths: readonly string[]): Promise<{ pageId: number; found: string }[]>;
}
