// Keeps `mentions` and `concepts` in step with the pages, inside the indexing run's link
// transaction. The concepts the changed names reach are grouped again (concepts/stored.ts), and the pages
// whose matches that can change are matched again: the pages written in this run, those mentioning
// a concept whose form went or moved, and those whose prose holds a new form — found by their
// signatures (concepts/matcher.ts), then by the prose itself. Each such page's mention rows are compared
// with what it mentions now, and only the difference written. Past a few hundred changed forms (a
// first index, a changed alias setting) every page is matched, in one pass.
import type { ConceptRepo, PageMention, PageProse } from '../store/concepts.ts';
import { mayHoldWords, signatureOf, wordHashes, type Matcher, type Mention } from '../concepts/matcher.ts';
import { signatures } from '../concepts/signatures.ts';
import { regroup, storedMatcher, type DictionaryChange } from '../concepts/stored.ts';
import { tokenize } from './parse/markdown.ts';
import { inlineBlocks } from './parse/inline.ts';
import { proseLines } from './parse/prose.ts';

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
  if (full) {
    pages = await matchAll(concepts, matcher, change.selves ?? (await selvesOf(concepts, matcher, null)));
    await concepts.recountMentions(null);
  } else {
    const ids = new Set(c.pageIds);
    for (const id of await reachedBy(concepts, change)) ids.add(id);
    const r = await matchSome(concepts, matcher, ids, await holdersOf(concepts, change.added, ids), change.added);
    pages = r.pages;
    await recount(concepts, r.delta, [...change.created, ...(await concepts.goneMentions())]);
  }
  await concepts.finishRefresh(aliases);
  return { full, pages, concepts: change.written };
}

/**
 * Brings the concepts' counts of mentioning pages up to date. A concept whose rows this refresh
 * added or removed moves by the difference (counting a common concept's thousands of rows again
 * cost a body rewrite ~5 ms); one just created, or one a deleted page mentioned (its rows went with
 * the page, uncounted), is counted from its rows.
 */
async function recount(concepts: ConceptRepo, delta: Map<string, number>, counted: string[]): Promise<void> {
  const whole = new Set(counted);
  await concepts.moveMentionCounts([...delta].filter(([concept, d]) => d !== 0 && !whole.has(concept)));
  await concepts.recountMentions([...whole]);
}

/** Counts a mention row added (+1) or removed (-1) against its concept. */
function tally(delta: Map<string, number>, concept: string, d: number): void {
  delta.set(concept, (delta.get(concept) ?? 0) + d);
}

/**
 * Pages that mention a concept whose forms went or moved, and pages that are such a concept: their
 * own phrases were passed over, not recorded, but they took up words another phrase may now match.
 */
async function reachedBy(concepts: ConceptRepo, c: DictionaryChange): Promise<number[]> {
  if (!c.moved.length) return [];
  return concepts.pagesReached(c.moved, c.movedForms);
}

/** Pages (not among `skip`) that may hold a new form: their signature says so, or they have none yet. */
async function holdersOf(concepts: ConceptRepo, added: string[], skip: Set<number>): Promise<Set<number>> {
  const out = new Set<number>();
  if (!added.length) return out;
  const forms = added.map(wordHashes);
  // in the link transaction, before matchSome signs a page that had no signature
  for (const [id, sig] of await signatures(concepts)) {
    if (!skip.has(id) && forms.some((f) => mayHoldWords(sig, f))) out.add(id);
  }
  // a page indexed before signatures were (the full pass a migration asks for signs them all)
  for (const id of await concepts.unsignedPages()) if (!skip.has(id)) out.add(id);
  return out;
}

/** The concepts each page is (its key, title and aliases), for the given pages or all. */
async function selvesOf(concepts: ConceptRepo, matcher: Matcher, ids: number[] | null): Promise<Map<number, Set<string>>> {
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

/** Every page matched again: the mentions table refilled. */
async function matchAll(concepts: ConceptRepo, matcher: Matcher, selves: Map<number, Set<string>>): Promise<number> {
  const texts = await proseOf(concepts, await concepts.prose(null));
  const rows: PageMention[] = [];
  for (const [pageId, text] of texts) for (const m of matcher.match(text, selves.get(pageId))) rows.push({ pageId, concept: m.concept, line: m.line, n: m.n });
  await concepts.replaceAllMentions(rows);
  return texts.size;
}

/**
 * Some pages matched again: those in `ids` always, those in `maybe` when their prose holds one of
 * the `added` forms. Only the rows that differ are written; returns, for each concept, the rows added less those removed.
 */
async function matchSome(
  concepts: ConceptRepo,
  matcher: Matcher,
  ids: Set<number>,
  maybe: Set<number>,
  added: string[],
): Promise<{ pages: number; delta: Map<string, number> }> {
  const delta = new Map<string, number>();
  if (!ids.size && !maybe.size) return { pages: 0, delta };
  const texts = await proseOf(concepts, await concepts.prose([...ids, ...maybe]));
  const whole = new Map<number, string>();
  const lines = new Map<number, string>();
  for (const [id, text] of texts) {
    if (ids.has(id)) whole.set(id, text);
    else {
      // a candidate whose signature misled it holds no new form: its matches stand
      const held = linesHolding(text, added);
      if (held) lines.set(id, held);
    }
  }
  const selves = await selvesOf(concepts, matcher, [...whole.keys(), ...lines.keys()]);
  const writes: MentionWrites = { insert: [], update: [], remove: [] };
  const stored = byPage(await concepts.mentionRows([...lines.keys()]));
  for (const id of matchLines(matcher, lines, stored, selves, new Set(added), writes, delta)) whole.set(id, texts.get(id)!);
  const before = byPage(await concepts.mentionRows([...whole.keys()]));
  for (const [id, text] of whole) {
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
  return { pages: whole.size + lines.size, delta };
}

/** The mention rows to write: the pages matched again, in one call. */
interface MentionWrites {
  insert: PageMention[];
  update: PageMention[];
  remove: { pageId: number; concept: string }[];
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

/** Whether the form stands at `at` as whole words: after the line's tab or a space, before a space or the line's end. */
function wholeAt(prose: string, at: number, length: number): boolean {
  const before = prose.charCodeAt(at - 1);
  const after = at + length < prose.length ? prose.charCodeAt(at + length) : NEWLINE;
  return (before === TAB || before === SPACE) && (after === SPACE || after === NEWLINE);
}

const TAB = 9;
const NEWLINE = 10;
const SPACE = 32;

/**
 * The prose lines that hold one of the forms as whole words, in order; null when none does. Only
 * there can the form match (a common word is inside many others: "other" in "another"), so only
 * those lines can match differently with it.
 */
function linesHolding(prose: string, forms: string[]): string | null {
  const starts = new Set<number>();
  for (const f of forms) {
    for (let at = prose.indexOf(f); at >= 0;) {
      if (!wholeAt(prose, at, f.length)) {
        at = prose.indexOf(f, at + 1);
        continue;
      }
      const start = prose.lastIndexOf('\n', at) + 1;
      let end = prose.indexOf('\n', at);
      if (end < 0) end = prose.length;
      starts.add(start);
      at = prose.indexOf(f, end);
    }
  }
  if (!starts.size) return null;
  return [...starts]
    .sort((a, b) => a - b)
    .map((start) => {
      const end = prose.indexOf('\n', start);
      return prose.slice(start, end < 0 ? prose.length : end);
    })
    .join('\n');
}

/**
 * Pages that did not change and hold a new form somewhere: only the lines that hold one can match
 * differently (lines are matched apart), so those are matched with the new forms and without
 * them, and the difference applied to the page's rows, concept by concept: the count moves by the
 * difference, the first line becomes the new lines' first when it is earlier. Where that cannot
 * tell the first line (the rows' first line lost its mention, the page has more elsewhere), or
 * the rows do not fit the lines, the page is returned, to be matched whole.
 */
function matchLines(
  matcher: Matcher,
  pages: Map<number, string>,
  rows: Map<number, Map<string, Mention>>,
  selves: Map<number, Set<string>>,
  added: Set<string>,
  out: MentionWrites,
  delta: Map<string, number>,
): number[] {
  const whole: number[] = [];
  for (const [id, text] of pages) {
    const self = selves.get(id);
    const now = new Map(matcher.match(text, self).map((m) => [m.concept, m]));
    const was = new Map(matcher.match(text, self, added).map((m) => [m.concept, m]));
    const writes: (() => void)[] = [];
    let fits = true;
    for (const concept of new Set([...now.keys(), ...was.keys()])) {
      const a = now.get(concept);
      const b = was.get(concept);
      if (a && b && a.n === b.n && a.line === b.line) continue;
      const stored = rows.get(id)?.get(concept);
      // the mentions outside these lines, and the first line among them when it is known
      const elsewhere = (stored?.n ?? 0) - (b?.n ?? 0);
      if (elsewhere < 0) {
        fits = false;
        break;
      }
      const n = elsewhere + (a?.n ?? 0);
      let line: number | undefined;
      if (n === 0) line = undefined;
      else if (elsewhere === 0) line = a!.line;
      else if (a && a.line <= stored!.line) line = a.line;
      else if (!b || b.line > stored!.line) line = stored!.line;
      else {
        fits = false;
        break;
      }
      if (!stored) writes.push(() => (out.insert.push({ pageId: id, concept, line: line!, n }), tally(delta, concept, 1)));
      else if (line === undefined) writes.push(() => (out.remove.push({ pageId: id, concept }), tally(delta, concept, -1)));
      else if (line !== stored.line || n !== stored.n) writes.push(() => out.update.push({ pageId: id, concept, line, n }));
    }
    if (fits) for (const w of writes) w();
    else whole.push(id);
  }
  return whole;
}
