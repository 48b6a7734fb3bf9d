// Keeps `mentions` and `concepts` in step with the pages, inside the indexing run's link
// transaction. The concepts the changed names reach are grouped again (concepts/stored.ts), and the
// pages whose matches that can change are matched again (page-mentions.ts): the pages written in this
// run, and the other pages a new or moved form reaches, while they are few; more are left pending, to
// the drain (pending-mentions.ts). Past a few hundred changed forms (a first index, a changed alias
// setting) every page is matched, in one pass, and nothing is left pending.
import type { ConceptRepo } from '../store/concepts.ts';
import { regroup, storedMatcher } from '../concepts/stored.ts';
import { matchAll, matchPages, selvesOf, type MentionDelta } from './page-mentions.ts';
import { fewReached, INLINE_PAGES, leavePending, moveCounts, workOf } from './pending-mentions.ts';

export interface ConceptChanges {
  /** pages written in this run */
  pageIds: Iterable<number>;
  /** whether the run wrote or deleted anything */
  wrote: boolean;
  /** rematch every page (a repair after a crash) */
  all: boolean;
  aliases: Record<string, string>;
}

export interface ConceptRefresh {
  full: boolean;
  /** pages matched */
  pages: number;
  /** concept rows written */
  concepts: number;
  /** whether other pages were left to the drain */
  leftPending: boolean;
}

/** Past this many new or moved forms, matching every page is cheaper than picking pages out. */
const MAX_FORM_CHANGES = 200;

/** Call inside the link phase's write transaction (`concepts`: its store's). */
export async function refreshConcepts(concepts: ConceptRepo, c: ConceptChanges): Promise<ConceptRefresh | null> {
  const aliases = JSON.stringify(Object.entries(c.aliases).sort());
  const state = await concepts.refreshState();
  const pending = state.rematchAll || state.aliases !== aliases;
  const dirty = await concepts.dirtyNames();
  if (!c.wrote && !c.all && !pending && !dirty.length) return null;
  const matcher = await storedMatcher(concepts);
  const change = await regroup(concepts, matcher, dirty, c.aliases, c.all || pending);
  const full = c.all || pending || change.added.length + change.moved.length > MAX_FORM_CHANGES;
  let pages: number;
  let leftPending = false;
  if (full) {
    pages = await matchAll(concepts, matcher, change.selves ?? (await selvesOf(concepts, matcher, null)));
    await concepts.recountMentions(null);
    // every page is matched: nothing is left for the drain
    await concepts.setPendingRematch([]);
  } else {
    const ids = new Set(c.pageIds);
    const work = workOf(change);
    const others = await fewReached(concepts, work, ids, INLINE_PAGES);
    if (others) for (const id of others) ids.add(id);
    else await leavePending(concepts, work);
    leftPending = !others;
    const r = await matchPages(concepts, matcher, ids);
    pages = r.pages;
    await recount(concepts, r.delta, [...change.created, ...(await concepts.goneMentions())]);
  }
  await concepts.finishRefresh(aliases, state);
  return { full, pages, concepts: change.written, leftPending };
}

/**
 * Brings the concepts' counts of mentioning pages up to date. A concept whose rows this refresh
 * added or removed moves by the difference (counting a common concept's thousands of rows again
 * cost a body rewrite ~5 ms); one just created, or one a deleted page mentioned (its rows went with
 * the page, uncounted), is counted from its rows.
 */
async function recount(concepts: ConceptRepo, delta: MentionDelta, counted: string[]): Promise<void> {
  const whole = new Set(counted);
  await moveCounts(concepts, delta, whole);
  await concepts.recountMentions([...whole]);
}
