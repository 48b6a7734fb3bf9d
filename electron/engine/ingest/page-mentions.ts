// Matching pages whole against the dictionary, and writing what changed of their mention rows:
// what the link transaction does for the pages a run wrote (concept-mentions.ts) and the drain
// does, a chunk at a time, for the pages a new or moved form reaches (pending-mentions.ts). A
// page matched whole holds afterwards exactly what a new index gives it.
import type { ConceptRepo, PageMention, PageProse } from '../store/concepts.ts';
import { signatureOf, type Matcher, type Mention } from '../concepts/matcher.ts';
import { tokenize } from './parse/markdown.ts';
import { inlineBlocks } from './parse/inline.ts';
import { proseLines } from './parse/prose.ts';

/** For each concept, the mention rows added less those removed: its count of mentioning pages moves by that. */
export type MentionDelta = Map<string, number>;

/** The concepts each page is (its key, title and aliases), for the given pages or all. */
export async function selvesOf(concepts: ConceptRepo, matcher: Matcher, ids: number[] | null): Promise<Map<number, Set<string>>> {
  const rows = await concepts.selfNames(ids);
  const out = new Map<number, Set<string>>();
  for (const [id, norm] of rows) {
    const concept = matcher.conceptOf(norm);
    if (concept === undefined) continue;
    let s = out.get(id);
    if (!s) out.set(id, (s = new Set()));
    s.add(concept);
  }
  return out;
}

/** Prose of a page indexed before concepts were: read again from its body (lines count from the body's start). */
function proseOfBody(body: string): string {
  try {
    return proseLines(inlineBlocks(tokenize(body)), 1);
  } catch {
    return '';
  }
}

/** The pages' prose, by id; a page indexed before concepts (or signatures) gets what it lacks saved. */
async function proseOf(concepts: ConceptRepo, rows: PageProse[]): Promise<Map<number, string>> {
  const texts = new Map<number, string>();
  const prose: { pageId: number; prose: string }[] = [];
  const sigs: { pageId: number; sig: Uint8Array }[] = [];
  for (const r of rows) {
    let text = r.prose;
    if (text === null) prose.push({ pageId: r.id, prose: (text = proseOfBody(r.body ?? '')) });
    if (r.unsigned) sigs.push({ pageId: r.id, sig: signatureOf(text) });
    texts.set(r.id, text);
  }
  if (prose.length || sigs.length) await concepts.saveProse(prose, sigs);
  return texts;
}

/** Every page matched again: the mentions table refilled. Returns how many pages. */
export async function matchAll(concepts: ConceptRepo, matcher: Matcher, selves: Map<number, Set<string>>): Promise<number> {
  const texts = await proseOf(concepts, await concepts.prose(null));
  const rows: PageMention[] = [];
  for (const [pageId, text] of texts) for (const m of matcher.match(text, selves.get(pageId))) rows.push({ pageId, concept: m.concept, line: m.line, n: m.n });
  await concepts.replaceAllMentions(rows);
  return texts.size;
}

/**
 * These pages matched again whole (an id with no page is passed over): only the rows that differ
 * are written. Returns how many pages were matched, and the rows' difference by concept.
 */
export async function matchPages(concepts: ConceptRepo, matcher: Matcher, ids: Iterable<number>): Promise<{ pages: number; delta: MentionDelta }> {
  const delta: MentionDelta = new Map();
  const wanted = [...ids];
  if (!wanted.length) return { pages: 0, delta };
  const texts = await proseOf(concepts, await concepts.prose(wanted));
  const found = [...texts.keys()];
  const selves = await selvesOf(concepts, matcher, found);
  const before = byPage(await concepts.mentionRows(found));
  const writes: MentionWrites = { insert: [], update: [], remove: [] };
  for (const [id, text] of texts) {
    const was = before.get(id) ?? new Map<string, Mention>();
    for (const m of matcher.match(text, selves.get(id))) {
      const o = was.get(m.concept);
      was.delete(m.concept);
      if (!o) {
        writes.insert.push({ pageId: id, ...m });
        tally(delta, m.concept, 1);
      } else if (o.line !== m.line || o.n !== m.n) writes.update.push({ pageId: id, ...m });
    }
    for (const gone of was.keys()) {
      writes.remove.push({ pageId: id, concept: gone });
      tally(delta, gone, -1);
    }
  }
  await concepts.writeMentions(writes);
  return { pages: texts.size, delta };
}

/** The mention rows to write: the pages matched again, in one call. */
interface MentionWrites {
  insert: PageMention[];
  update: PageMention[];
  remove: { pageId: number; concept: string }[];
}

/** Counts a mention row added (+1) or removed (-1) against its concept. */
function tally(delta: MentionDelta, concept: string, d: number): void {
  delta.set(concept, (delta.get(concept) ?? 0) + d);
}

/** Mention rows by page, then by concept. */
function byPage(rows: PageMention[]): Map<number, Map<string, Mention>> {
  const out = new Map<number, Map<string, Mention>>();
  for (const { pageId, concept, line, n } of rows) {
    let page = out.get(pageId);
    if (!page) out.set(pageId, (page = new Map()));
    page.set(concept, { concept, line, n });
  }
  return out;
}
