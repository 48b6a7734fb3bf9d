// The concept dictionary (concepts, their matched forms, the names pages give them), the pages'
// mentions of concepts, and the prose and signatures mentions are found from.
// The interface both stores implement (written once: common/concepts.ts); asynchronous, so a store
// over the network fits (ARCHITECTURE.md).

import type { Viewer } from '../../../shared/viewer.ts';
import type { SeenConcept } from './visibility.ts';

export type NameSource = 'tag' | 'key' | 'title' | 'alias';

/** A name a page gives a concept (its tag, key, title or an alias), with its normal form. */
export interface NameRow {
  page_id: number;
  source: NameSource;
  name: string;
  norm: string;
}

/** The names a page gives, as an indexing run writes them. */
export type PageName = Omit<NameRow, 'page_id'>;

export interface Concept {
  /** the canonical normal form: the concept's identity */
  norm: string;
  name: string;
  variants: string[];
  /** pages that name it */
  sources: number;
}

export interface RankedConcept extends Concept {
  /** pages that mention it */
  mentions: number;
}

/** A page's mentions of a concept: the first line and how many. */
export interface PageMention {
  pageId: number;
  concept: string;
  line: number;
  n: number;
}

/** A concept a page mentions, `n` times from `line` on. */
export interface ConceptMention {
  pageId: number;
  /** the concept's normal form */
  concept: string;
  name: string;
  line: number;
  n: number;
}

/** A page's prose, as concepts are matched in it. */
export interface PageProse {
  id: number;
  /** null for a page indexed before prose was kept: then its body */
  prose: string | null;
  body: string | null;
  /** the page has no signature yet */
  unsigned: boolean;
}

/**
 * Other pages' matching that a write left for later (ingest/pending-mentions.ts): the pages that
 * may hold a form new to the dictionary, or that a concept whose forms went or moved reaches,
 * taken in page id order; `after` is the last page id done.
 */
export type PendingRematch = ({ kind: 'form'; form: string } | { kind: 'moved'; concept: string; forms: string[] }) & { after: number };

/** `to` shares with `seed` the concept named `concept` (one names or mentions it, so does the other). */
export interface ConceptStep {
  seed: number;
  to: number;
  edge: 'concept';
  concept: string;
}

/** A list argument of null asks about every row; the methods that write are called inside a write. */
export interface RefreshState {
  aliases: string | null;
  rematchAll: boolean;
}

export interface ConceptRepo {
  /** Most mentioned first (then by name). */
  byMentions(): Promise<RankedConcept[]>;
  /** The concepts (among `norms`, or all) a viewer sees, as the pages it reads spell them; null for a person, who sees every concept as it is (store/visibility.ts). */
  seenBy(viewer: Viewer, norms?: readonly string[]): Promise<Map<string, SeenConcept> | null>;
  /** The first `limit` pages, in id order, that name the concept or mention it. */
  pagesOf(norm: string, limit: number): Promise<number[]>;

  /** The stamp of the stored forms: a change of the forms sets a new one ('' before any). */
  generation(): Promise<string>;
  setGeneration(gen: string): Promise<void>;
  forms(): Promise<[form: string, concept: string][]>;
  /** The forms of any of these concepts. */
  formsOf(concepts: readonly string[]): Promise<string[]>;
  /** The normal forms of the names added or removed since the last refresh. */
  dirtyNames(): Promise<string[]>;
  /** In the order they were stored. */
  names(norms: string[] | null): Promise<NameRow[]>;
  /** The pages whose key or an alias has one of these normal forms, and which of the two; in the
   * order the names were stored. Asked for many at once: the refresh walks them a level at a time. */
  keyOrAliasPages(norms: readonly string[]): Promise<{ page_id: number; source: string }[]>;
  /** The keys and aliases of these pages, in the order they were stored. */
  keysAndAliases(pageIds: readonly number[]): Promise<{ page_id: number; norm: string; source: string }[]>;
  concepts(norms: string[] | null): Promise<Concept[]>;
  /** Sets forms to their concept and deletes others. */
  writeForms(put: [form: string, concept: string][], drop: string[]): Promise<void>;
  /** Their mention counts stay. */
  writeConcepts(change: { drop: string[]; insert: Concept[]; update: Concept[] }): Promise<void>;

  /** What the last refresh matched with: the aliases it noted, and whether every page must be matched again. */
  refreshState(): Promise<RefreshState>;
  /** Notes a refresh done: names and deleted mentions seen, `aliases` applied; `was`: what
   * refreshState gave it (what is so already is not written again). */
  finishRefresh(aliases: string, was: RefreshState): Promise<void>;
  /** The other pages' matching left for later, oldest first. */
  pendingRematch(): Promise<PendingRematch[]>;
  setPendingRematch(work: readonly PendingRematch[]): Promise<void>;
  /** Concepts mentioned by pages deleted since the last refresh. */
  goneMentions(): Promise<string[]>;
  /** Pages mentioning one of `concepts`, and pages whose key, title or alias is one of `forms`. */
  pagesReached(concepts: string[], forms: string[]): Promise<number[]>;
  /** Pages that have no signature yet. */
  unsignedPages(): Promise<number[]>;
  signatureCount(): Promise<number>;
  /** In stamp order. */
  signaturesSince(seq: number): Promise<{ pageId: number; seq: number; sig: Uint8Array }[]>;
  /** The normal forms of the pages' keys, titles and aliases. */
  selfNames(pageIds: number[] | null): Promise<[pageId: number, norm: string][]>;
  prose(pageIds: number[] | null): Promise<PageProse[]>;
  /** Keeps the prose and signatures of pages indexed before they were. */
  saveProse(prose: { pageId: number; prose: string }[], sigs: { pageId: number; sig: Uint8Array }[]): Promise<void>;
  /** As the refresh compares them (no names). */
  mentionRows(pageIds: number[]): Promise<PageMention[]>;
  replaceAllMentions(rows: PageMention[]): Promise<void>;
  /** Adds, rewrites (line and n) and removes mention rows. */
  writeMentions(change: { insert: PageMention[]; update: PageMention[]; remove: { pageId: number; concept: string }[] }): Promise<void>;
  /** Counts the concepts' mentioning pages from their rows. */
  recountMentions(concepts: string[] | null): Promise<void>;
  moveMentionCounts(delta: [concept: string, by: number][]): Promise<void>;

  // what the graph and recall read (graph/)
  /** By page then line. */
  mentionsOf(pageIds: readonly number[] | null): Promise<ConceptMention[]>;
  /** The concepts a page names or mentions, by normal form. */
  ofPage(pageId: number): Promise<{ norm: string; name: string }[]>;
  // what consolidation (curation/consolidate.ts) groups notes by
  /** The concepts (normal forms) the page's prose mentions. */
  mentionedBy(pageId: number): Promise<string[]>;
  /** The concepts the page's tags and aliases name. */
  taggedBy(pageId: number): Promise<string[]>;
  /** Null when the dictionary has no such concept. */
  nameOf(norm: string): Promise<string | null>;
  /** Pages (not archived) whose key, title or an alias names the concept, by key. */
  pagesNaming(norm: string): Promise<{ id: number; key: string; agent: string | null }[]>;

  /**
   * What the graph lane (search/graph-lane.ts) steps along: the pages sharing a concept with each
   * seed (named by it, as tag, key, title or alias, or mentioned), each concept's pages in id
   * order; a concept on more than `fanout` pages is left out (it says little about any two of them).
   */
  sharedWith(seeds: number[], fanout: number, viewer: Viewer): Promise<ConceptStep[]>;

  // written by indexing runs (ingest/page-writer.ts)
  /** Each page's names, rewritten only when they changed, since each name written marks its concept
   * for regrouping; as if set page after page, in the order given (a batch's pages, or one page). */
  setNames(pages: readonly { pageId: number; names: readonly PageName[] }[]): Promise<void>;
  /** Keeps the Bloom filters of pages' prose words (concepts/matcher.ts signatureOf), each stamped
   * above the one before, in the order given. */
  saveProseSigs(sigs: readonly { pageId: number; sig: Uint8Array }[]): Promise<void>;
}
