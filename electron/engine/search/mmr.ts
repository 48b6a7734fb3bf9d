// Diversity after fusion: maximal marginal relevance. Greedily picks, from the best fused
// candidates, the page maximizing λ·relevance − (1−λ)·(its largest similarity to a page already
// picked), so that near-duplicates (five daily notes saying the same) do not fill the top.
// Similarity is the Jaccard index of two pages' body terms.
import type { FusedItem } from '../../../shared/fusion.ts';
import type { Store } from '../store/store.ts';
import { terms } from './terms.ts';

/** MMR chooses among this many fused candidates at least (the top k when k is larger). */
export const MMR_MIN_POOL = 30;
/** The start of a page's body its terms are read from: enough to tell near-duplicates apart. */
const BODY_CHARS = 4000;

export interface MmrPick<T> {
  item: T;
  /** 1-based rank before MMR. */
  fusedRank: number;
  /** The largest similarity to a page picked before it (0 for the first). */
  similarity: number;
}

/**
 * Pure MMR over items best first: relevance is the score min-max normalized over the items, so
 * λ weighs two quantities on the same 0..1 scale. Ties keep the fused order.
 */
export function mmrOrder<T extends { score: number }>(items: T[], lambda: number, k: number, similarity: (a: number, b: number) => number): MmrPick<T>[] {
  const scores = items.map((i) => i.score);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const relevance = scores.map((s) => (max > min ? (s - min) / (max - min) : 1));
  const maxSim = items.map(() => 0);
  const left = items.map((_, i) => i);
  const out: MmrPick<T>[] = [];
  while (out.length < k && left.length > 0) {
    let best = 0;
    let bestValue = -Infinity;
    left.forEach((i, at) => {
      const value = lambda * relevance[i]! - (1 - lambda) * maxSim[i]!;
      if (value > bestValue) {
        bestValue = value;
        best = at;
      }
    });
    const [chosen] = left.splice(best, 1) as [number];
    out.push({ item: items[chosen]!, fusedRank: chosen + 1, similarity: maxSim[chosen]! });
    for (const i of left) maxSim[i] = Math.max(maxSim[i]!, similarity(chosen, i));
  }
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const t of small) if (large.has(t)) both++;
  return both / (a.size + b.size - both);
}

/** Term sets by page content hash: a page's terms are computed once until it changes. */
const termCache = new Map<string, Set<string>>();
const TERM_CACHE_MAX = 20_000;

/** Each page's body terms (the start of its chunks, in order), cached by content hash. */
export async function bodyTerms(store: Store, pageIds: number[]): Promise<Map<number, Set<string>>> {
  const hashes = await store.pages.contentHashesOf(pageIds);
  const out = new Map<number, Set<string>>(pageIds.map((id) => [id, new Set<string>()]));
  const missing: typeof hashes = [];
  for (const h of hashes) {
    const set = termCache.get(h.hash);
    if (set) out.set(h.id, set);
    else missing.push(h);
  }
  if (missing.length > 0) {
    const rows = await store.chunks.textsOf(missing.map((m) => m.id));
    const text = new Map<number, string>();
    for (const r of rows) {
      const sofar = text.get(r.pageId) ?? '';
      if (sofar.length < BODY_CHARS) text.set(r.pageId, `${sofar}\n${r.text}`.slice(0, BODY_CHARS));
    }
    for (const m of missing) {
      if (termCache.size >= TERM_CACHE_MAX) termCache.delete(termCache.keys().next().value!);
      const set = new Set(terms(text.get(m.id) ?? '', Infinity));
      termCache.set(m.hash, set);
      out.set(m.id, set);
    }
  }
  return out;
}

/** Re-orders the fused list's top by MMR; returns the top k with each one's rank before and penalty. */
export async function diversify(store: Store, fused: FusedItem[], lambda: number, k: number): Promise<{ picks: MmrPick<FusedItem>[]; pool: number }> {
  const pool = fused.slice(0, Math.max(k, MMR_MIN_POOL));
  const sets = await bodyTerms(
    store,
    pool.map((f) => f.id),
  );
  const of = (i: number) => sets.get(pool[i]!.id)!;
  return { picks: mmrOrder(pool, lambda, k, (a, b) => jaccard(of(a), of(b))), pool: pool.length };
}
