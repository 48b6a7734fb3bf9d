// The drain's chunks (pending-mentions.ts says what is pending and why): each a write transaction
// of its own that matches whole the next pages, in page id order, that any of the pending work
// reaches, and saves how far the work has come with the rows it wrote. One sweep serves all the
// work at once: twenty common words written in a row are one pass over their pages, not twenty.
import type { ConceptRepo, PendingRematch } from '../store/concepts.ts';
import type { Store } from '../store/store.ts';
import { mayHoldWords, wordHashes } from '../concepts/matcher.ts';
import { signatures } from '../concepts/signatures.ts';
import { storedMatcher } from '../concepts/stored.ts';
import { matchPages } from './page-mentions.ts';
import { moveCounts, movedReach } from './pending-mentions.ts';

/**
 * Pages per chunk: 100 took ~10 ms on interconnected-10k (whole pages matched, ~7,000 of them for
 * a common word), 200 ~20 ms; a write arriving meanwhile waits for it, and the event loop too.
 */
export const CHUNK_PAGES = 100;
/** Signatures asked per chunk at most (~0.2 µs each): a form few pages hold is looked for in bounded steps too. */
const MAX_ASKED = 40_000;

/** What one chunk did. */
export interface DrainedChunk {
  /** pages matched */
  pages: number;
  /** pieces of work left after it */
  left: number;
}

/**
 * One chunk, in its own write transaction: up to `budget` pages the pending work reaches matched
 * whole, the mention counts moved, and the work's progress saved with them.
 */
export function drainChunk(store: Store, budget = CHUNK_PAGES): Promise<DrainedChunk> {
  return store.write(async (tx) => {
    const { concepts } = tx;
    const work = await concepts.pendingRematch();
    if (!work.length) return { pages: 0, left: 0 };
    const next = await nextPages(concepts, work, budget);
    const r = await matchPages(concepts, await storedMatcher(concepts), next.ids);
    await moveCounts(concepts, r.delta);
    const left = next.left.map((w) => ({ ...w, after: Math.max(w.after, next.through) }));
    await concepts.setPendingRematch(left);
    return { pages: r.pages, left: left.length };
  });
}

/**
 * Drains chunk after chunk until nothing is pending; before each, `turn` waits for it (yielding to
 * the event loop at least) and says whether to go on. Returns how many pages were matched.
 */
export async function drainPending(store: Store, turn: () => Promise<boolean>): Promise<number> {
  let pages = 0;
  // a read first: a write that left nothing pending costs no write transaction
  while ((await store.concepts.pendingRematch()).length) {
    if (!(await turn())) break;
    pages += (await drainChunk(store)).pages;
  }
  return pages;
}

/**
 * The next pages, in id order, that some piece of work reaches after its own `after`: at most
 * `budget`; `through`, the id up to which every piece is then done; `left`, the pieces that may
 * reach pages past it.
 */
async function nextPages(concepts: ConceptRepo, work: PendingRematch[], budget: number): Promise<{ ids: number[]; through: number; left: PendingRematch[] }> {
  const moved = new Map<PendingRematch, number[]>();
  for (const w of work) if (w.kind === 'moved') moved.set(w, await movedReach(concepts, w));
  const forms = work.flatMap((w) => (w.kind === 'form' ? [{ after: w.after, words: wordHashes(w.form) }] : []));
  const held = forms.length ? await holdersFrom(concepts, forms, budget) : { ids: [], scanned: Infinity };
  const ids = [...new Set([...[...moved.values()].flat(), ...held.ids])].filter((id) => id <= held.scanned).sort((a, b) => a - b);
  const taken = ids.slice(0, budget);
  const through = taken.length === budget ? taken[budget - 1]! : held.scanned;
  const left = work.filter((w) => (w.kind === 'form' ? through !== Infinity : moved.get(w)!.some((id) => id > through)));
  return { ids: taken, through, left };
}

/**
 * The pages that may hold one of the forms (each after its own `after`), asking the signatures in
 * id order until `budget` say so or MAX_ASKED were asked; `scanned`: every page up to it was asked
 * (Infinity: all were). Pages without a signature may hold anything.
 */
async function holdersFrom(concepts: ConceptRepo, forms: { after: number; words: number[] }[], budget: number): Promise<{ ids: number[]; scanned: number }> {
  const ids = (await concepts.unsignedPages()).filter((id) => forms.some((f) => id > f.after));
  const sigs = await signatures(concepts);
  const from = Math.min(...forms.map((f) => f.after));
  let asked = 0;
  let hits = 0;
  for (const id of [...sigs.keys()].filter((k) => k > from).sort((a, b) => a - b)) {
    if (hits >= budget || asked >= MAX_ASKED) return { ids, scanned: id - 1 };
    for (const f of forms) {
      if (id <= f.after) continue;
      asked++;
      if (mayHoldWords(sigs.get(id)!, f.words)) {
        ids.push(id);
        hits++;
        break;
      }
    }
  }
  return { ids, scanned: Infinity };
}
