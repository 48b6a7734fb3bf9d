// Resolves stored links against the pages and files now in the index, writing only the rows
// whose answer changed. After a small change only the links that can have changed are looked at:
// the links of the pages written, the links that point at a key that appeared, changed or went,
// and `sources` (they point at files outside the index, which may have come or gone: all of them
// after a full run, after a run of a few paths those naming the paths or nothing yet).
import path from 'node:path';
import type { LinkAnswer, StoredLink } from '../store/links.ts';
import type { Store } from '../store/store.ts';
import { GraphLookup } from './lookup.ts';
import { Resolver, targetKey } from './resolve.ts';

/** Answers a relink of every link writes without the links' indexes (LinkRepo.answer), when they are
 * the first answers of at least this many links: a first index's. */
const MANY_ANSWERS = 10_000;

/**
 * Whether nearly all these links were never answered (a first index wrote them): their answers then
 * go in without the table's indexes, which locks out other sessions' reads of it until the relink
 * commits. A big change to a wiki in use (a branch switched) answers links answered before: it
 * keeps the indexes, and the readers.
 */
export function firstAnswers(links: readonly StoredLink[]): boolean {
  const unanswered = links.filter((l) => l.reason === null && l.target_page_id === null && l.target_file_id === null && l.target_external === null).length;
  return unanswered >= MANY_ANSWERS && unanswered * 10 >= links.length * 9;
}

export interface LinkChanges {
  /** Pages written in this run: all their links are new. */
  pageIds: Iterable<number>;
  /** Lowercased keys (page keys, attachment names) that appeared, changed or disappeared. */
  keys: Iterable<string>;
  /** A run of only these paths (absolute): of the other pages' `sources`, only those that name one of
   * them (a file in one, a folder around one) or name nothing yet are resolved again. A full run
   * (no paths) resolves every source: files outside the wiki come and go unseen. */
  paths?: readonly string[];
}

/** Whether two absolute paths are one, or one is a folder holding the other. */
export function pathsMeet(a: string, b: string): boolean {
  return a === b || a.startsWith(b + path.sep) || b.startsWith(a + path.sep);
}

/** Every link in the index (after a crash, a migration, a big run). */
export async function relinkAll(store: Store): Promise<void> {
  await relinkRows(store, await store.links.all(), null);
}

/** Only the links `changes` can have affected; returns the ids of links that resolved before and no longer do. */
export async function relinkChanged(store: Store, changes: LinkChanges): Promise<number[]> {
  const written = new Set(changes.pageIds);
  const paths = changes.paths;
  const rows = await store.links.affectedBy([...written], [...changes.keys], paths ?? null);
  const mayHaveMoved = (l: StoredLink) =>
    !paths || l.kind !== 'source' || written.has(l.page_id) || l.target_external === null || paths.some((p) => pathsMeet(l.target_external!, p));
  return relinkRows(store, rows.filter(mayHaveMoved), written);
}

/**
 * Call inside the write transaction that makes the answers durable. `written`: the pages whose
 * links are new in this run; with it, returns the links that broke (resolved before, not now).
 * A link whose target page was deleted has lost its target to the foreign key, not its `reason`:
 * a link with neither on a page not written in this run was resolved before.
 */
async function relinkRows(store: Store, links: StoredLink[], written: Set<number> | null): Promise<number[]> {
  const lookup = new GraphLookup(store);
  const resolver = new Resolver(lookup);
  await lookup.prefetch(links);
  const changed: LinkAnswer[] = [];
  const broke: number[] = [];
  for (const l of links) {
    const from = await lookup.page(l.page_id);
    if (!from) continue;
    const r = await resolver.resolve(from, l.kind, l.target, l.anchor);
    const key = targetKey(l.kind, l.target, from.relPath);
    if (
      r.targetPageId === l.target_page_id &&
      r.targetFileId === l.target_file_id &&
      r.external === l.target_external &&
      r.reason === l.reason &&
      key === l.target_key
    )
      continue;
    changed.push({
      id: l.id,
      targetPageId: r.targetPageId,
      targetFileId: r.targetFileId,
      external: r.external,
      reason: r.reason,
      ...(key === l.target_key ? {} : { targetKey: key }),
    });
    const wasResolved = l.reason === null && (l.target_page_id !== null || l.target_file_id !== null || l.target_external !== null || !written?.has(l.page_id));
    if (written && wasResolved && r.reason !== null) broke.push(l.id);
  }
  // the answers are written together, once every link is resolved against the index as it was
  await store.links.answer(changed, written === null && firstAnswers(links));
  return broke;
}
