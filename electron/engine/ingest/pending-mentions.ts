// The other pages a dictionary change reaches: those whose prose may hold a new form (their
// signature says so, concepts/matcher.ts), and those a concept whose forms went or moved reaches
// (they mention it, or are named by one of its forms: their own phrases were passed over, and took
// up words another phrase may now match). A word thousands of pages use reaches thousands: matching
// them in the write's transaction took ~0.5 s on 10,000 pages and held the event loop as long. So a
// write matches them at once only while they are few; past that it records the change in the store
// (durable: a process killed before draining it leaves it to the next) and the drain matches them a
// chunk at a time, in page id order, each chunk a short write transaction of its own (mention-chunks.ts).
import type { IndexNotice } from '../../../shared/indexing.ts';
import type { ConceptRepo, PendingRematch } from '../store/concepts.ts';
import { mayHoldWords, wordHashes } from '../concepts/matcher.ts';
import { signatures } from '../concepts/signatures.ts';
import type { DictionaryChange } from '../concepts/stored.ts';
import type { MentionDelta } from './page-mentions.ts';

/** Past this many other pages reached, a write leaves them to the drain (whole pages matched at ~50 µs each). */
export const INLINE_PAGES = 50;

/** The work a dictionary change gives the other pages, from the first page. */
export function workOf(change: DictionaryChange): PendingRematch[] {
  const moved = new Set(change.movedForms);
  return [
    ...change.added.map((form): PendingRematch => ({ kind: 'form', form, after: 0 })),
    ...change.moved.map((concept): PendingRematch => ({ kind: 'moved', concept, forms: [...moved], after: 0 })),
  ];
}

/**
 * The pages (not among `skip`) the work reaches, while they are at most `limit`; null past it, as
 * soon as it is known (a common word is told from a few hundred signatures, not all of them).
 * Call inside the write transaction, before it signs a page (concepts/signatures.ts says why).
 */
export async function fewReached(concepts: ConceptRepo, work: PendingRematch[], skip: ReadonlySet<number>, limit: number): Promise<Set<number> | null> {
  const out = new Set<number>();
  // read once for every form (a new page's key and title are two): on PostgreSQL each is a round trip
  let signed: [ReadonlyMap<number, Uint8Array>, number[]] | undefined;
  for (const w of work) {
    const ids =
      w.kind === 'moved' ? await movedReach(concepts, w) : holders(...(signed ??= [await signatures(concepts), await concepts.unsignedPages()]), w.form);
    for (const id of ids) {
      if (skip.has(id)) continue;
      out.add(id);
      if (out.size > limit) return null;
    }
  }
  return out;
}

/** The pages whose signature may hold the form, in no order; and every page without one (indexed before signatures were). */
function* holders(sigs: ReadonlyMap<number, Uint8Array>, unsigned: number[], form: string): Generator<number> {
  const words = wordHashes(form);
  for (const [id, sig] of sigs) if (mayHoldWords(sig, words)) yield id;
  yield* unsigned;
}

/** Adds the work to what is pending: work already there starts again from the first page (the pages it did may differ now). */
export async function leavePending(concepts: ConceptRepo, work: PendingRematch[]): Promise<void> {
  if (!work.length) return;
  const byKey = new Map((await concepts.pendingRematch()).map((w) => [keyOf(w), w]));
  for (const w of work) {
    const had = byKey.get(keyOf(w));
    byKey.set(keyOf(w), had?.kind === 'moved' && w.kind === 'moved' ? { ...w, forms: [...new Set([...had.forms, ...w.forms])] } : w);
  }
  await concepts.setPendingRematch([...byKey.values()]);
}

const keyOf = (w: PendingRematch) => (w.kind === 'form' ? `form ${w.form}` : `moved ${w.concept}`);

/** The pages after `w.after` that mention the moved concept or are named by one of its forms, in id order. */
export async function movedReach(concepts: ConceptRepo, w: PendingRematch & { kind: 'moved' }): Promise<number[]> {
  return (await concepts.pagesReached([w.concept], w.forms)).filter((id) => id > w.after).sort((a, b) => a - b);
}

/** Moves the concepts' counts of mentioning pages by the rows a match added and removed. */
export async function moveCounts(concepts: ConceptRepo, delta: MentionDelta, except: ReadonlySet<string> = new Set()): Promise<void> {
  await concepts.moveMentionCounts([...delta].filter(([concept, d]) => d !== 0 && !except.has(concept)));
}

/** What `status` tells while work is pending: the concepts written lately whose mentions may be short. */
export async function pendingNotice(concepts: ConceptRepo): Promise<IndexNotice | null> {
  const work = await concepts.pendingRematch();
  if (!work.length) return null;
  const names = work.map((w) => (w.kind === 'form' ? w.form : w.concept));
  return {
    state: 'mentions-pending',
    message: `other pages are still being matched against ${names.length === 1 ? 'a concept' : `${names.length} concepts`} written lately (${names.slice(0, 3).join(', ')}${names.length > 3 ? ', …' : ''}): their mentions of it and its count may be short until that is done`,
  };
}
