// The pages' prose signatures (matcher.ts signatureOf), held in this process between runs: a
// write that adds a name asks every page's signature whether it may hold it, and reading them
// all from the store cost that write 15-25 ms on 10,000 pages. Each row carries a stamp above
// every earlier one (migration 17's triggers), so a look reads only the rows stamped since the
// last, whichever process wrote them. A deleted page's signature may stay here: it only makes
// the page a candidate, which then has no row to match. Too many of those, and all is read again.
import type { ConceptRepo } from '../store/concepts.ts';

interface Held {
  sigs: Map<number, Uint8Array>;
  /** the highest stamp read */
  seq: number;
  /** looks since the stored signatures were last counted */
  looks: number;
}

/** One per store (its concepts repository): the signatures of one index. */
const held = new WeakMap<ConceptRepo, Held>();

/** Signatures of pages gone before a full read again. */
const MAX_GONE = 1000;
/** Looks between two counts of the stored signatures: counting 10,000 rows cost each write that adds
 * a name ~0.5 ms on PostgreSQL, for a check that only keeps the pages gone from piling up. */
const COUNT_EVERY = 50;

/**
 * Every page's signature, by page id (and maybe some of pages deleted since). Call it in a write
 * transaction before this transaction writes a signature: the rows read are then all committed,
 * and a stamp read here is never handed out again by a rolled back write.
 */
export async function signatures(concepts: ConceptRepo): Promise<ReadonlyMap<number, Uint8Array>> {
  let h = held.get(concepts);
  if (h && ++h.looks >= COUNT_EVERY) {
    h.looks = 0;
    if (h.sigs.size > MAX_GONE && h.sigs.size - MAX_GONE > (await concepts.signatureCount())) h = undefined;
  }
  if (!h) held.set(concepts, (h = { sigs: new Map(), seq: -1, looks: 0 }));
  for (const { pageId, seq, sig } of await concepts.signaturesSince(h.seq)) {
    h.sigs.set(pageId, sig);
    h.seq = seq;
  }
  return h.sigs;
}
