// Keeps `mentions` and `concepts` in step with the pages, inside the indexing run's link
// transaction. The concepts the changed names reach are grouped again (stored.ts), and the pages
// whose matches that can change are matched again: the pages written in this run, those mentioning
// a concept whose form went or moved, and those whose prose holds a new form — found by their
// signatures (matcher.ts), then by the prose itself. Each such page's mention rows are compared
// with what it mentions now, and only the difference written. Past a few hundred changed forms (a
// first index, a changed alias setting) every page is matched, in one pass.
import type { Db } from '../store/database.ts';
import { tokenize } from '../ingest/parse/markdown.ts';
import { inlineBlocks } from '../ingest/parse/inline.ts';
import { proseLines } from '../ingest/parse/prose.ts';
import { mayHoldWords, signatureOf, wordHashes, type Matcher, type Mention } from './matcher.ts';
import { signatures } from './signatures.ts';
import { dirtyNames, regroup, setMeta, storedMatcher, type DictionaryChange } from './stored.ts';

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

const meta = (db: Db, key: string) => db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(key) as string | undefined;

/** Past this many new or moved forms, matching every page is cheaper than picking pages out. */
const MAX_FORM_CHANGES = 200;

/** Call inside the link phase's write transaction. */
export function refreshConcepts(db: Db, c: ConceptChanges): ConceptRefresh | null {
  const aliases = JSON.stringify(Object.entries(c.aliases).sort());
  const pending = meta(db, 'concepts_all') === '1' || meta(db, 'concept_aliases') !== aliases;
  const dirty = dirtyNames(db);
  if (!c.wrote && !c.all && !pending && !dirty.length) return null;
  const matcher = storedMatcher(db);
  const change = regroup(db, matcher, dirty, c.aliases, c.all || pending);
  const full = c.all || pending || change.added.length + change.moved.length > MAX_FORM_CHANGES;
  let pages: number;
  if (full) {
    pages = matchAll(db, matcher, change.selves ?? selvesOf(db, matcher, null));
    db.prepare(`UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm)`).run();
  } else {
    const ids = new Set(c.pageIds);
    for (const id of reachedBy(db, change)) ids.add(id);
    const r = matchSome(db, matcher, ids, holdersOf(db, change.added, ids), change.added);
    pages = r.pages;
    recount(db, r.delta, [...change.created, ...(db.prepare(`SELECT concept FROM mentions_gone`).pluck().all() as string[])]);
  }
  if (dirty.length) db.prepare(`DELETE FROM concept_dirty`).run();
  db.prepare(`DELETE FROM mentions_gone`).run();
  setMeta(db, 'concept_aliases', aliases);
  db.prepare(`DELETE FROM meta WHERE key = 'concepts_all'`).run();
  return { full, pages, concepts: change.written };
}

/**
 * Brings the concepts' counts of mentioning pages up to date. A concept whose rows this refresh
 * added or removed moves by the difference (counting a common concept's thousands of rows again
 * cost a body rewrite ~5 ms); one just created, or one a deleted page mentioned (its rows went with
 * the page, uncounted), is counted from its rows.
 */
function recount(db: Db, delta: Map<string, number>, counted: string[]): void {
  const whole = new Set(counted);
  const move = db.prepare(`UPDATE concepts SET mentions = mentions + ? WHERE norm = ?`);
  for (const [concept, d] of delta) if (d !== 0 && !whole.has(concept)) move.run(d, concept);
  if (whole.size) db.prepare(`UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm) WHERE norm IN (SELECT value FROM json_each(?))`).run(JSON.stringify([...whole]));
}

/** Counts a mention row added (+1) or removed (-1) against its concept. */
function tally(delta: Map<string, number>, concept: string, d: number): void {
  delta.set(concept, (delta.get(concept) ?? 0) + d);
}

/**
 * Pages that mention a concept whose forms went or moved, and pages that are such a concept: their
 * own phrases were passed over, not recorded, but they took up words another phrase may now match.
 */
function reachedBy(db: Db, c: DictionaryChange): number[] {
  if (!c.moved.length) return [];
  return db
    .prepare(
      `SELECT page_id FROM mentions WHERE concept IN (SELECT value FROM json_each(?))
       UNION SELECT page_id FROM concept_names WHERE source <> 'tag' AND norm IN (SELECT value FROM json_each(?))`,
    )
    .pluck()
    .all(JSON.stringify(c.moved), JSON.stringify(c.movedForms)) as number[];
}

/** Pages (not among `skip`) that may hold a new form: their signature says so, or they have none yet. */
function holdersOf(db: Db, added: string[], skip: Set<number>): Set<number> {
  const out = new Set<number>();
  if (!added.length) return out;
  const forms = added.map(wordHashes);
  // in the link transaction, before matchSome signs a page that had no signature
  for (const [id, sig] of signatures(db)) {
    if (!skip.has(id) && forms.some((f) => mayHoldWords(sig, f))) out.add(id);
  }
  // a page indexed before signatures were (the full pass a migration asks for signs them all)
  const unsigned = db.prepare(`SELECT (SELECT count(*) FROM pages) > (SELECT count(*) FROM prose_sigs)`).pluck().get() === 1;
  if (unsigned) for (const id of db.prepare(`SELECT id FROM pages WHERE id NOT IN (SELECT page_id FROM prose_sigs)`).pluck().all() as number[]) if (!skip.has(id)) out.add(id);
  return out;
}

/** The concepts each page is (its key, title and aliases), for the given pages or all. */
function selvesOf(db: Db, matcher: Matcher, ids: number[] | null): Map<number, Set<string>> {
  const select = `SELECT page_id, norm FROM concept_names WHERE source <> 'tag'`;
  const rows = (ids === null ? db.prepare(select).raw().all() : db.prepare(`${select} AND page_id IN (SELECT value FROM json_each(?))`).raw().all(JSON.stringify(ids))) as [number, string][];
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

interface PageProse {
  id: number;
  prose: string | null;
  body: string | null;
  /** 1 when the page has no signature yet */
  unsigned: number;
}

const PROSE = `SELECT p.id, p.prose, CASE WHEN p.prose IS NULL THEN p.body END AS body, s.page_id IS NULL AS unsigned FROM pages p LEFT JOIN prose_sigs s ON s.page_id = p.id`;

/** The page's prose; a page indexed before concepts (or signatures) gets what it lacks saved. */
function proseOf(db: Db, r: PageProse): string {
  let prose = r.prose;
  if (prose === null) db.prepare(`UPDATE pages SET prose = ? WHERE id = ?`).run((prose = proseOfBody(r.body ?? '')), r.id);
  if (r.unsigned) db.prepare(`INSERT INTO prose_sigs (page_id, sig) VALUES (?, ?)`).run(r.id, Buffer.from(signatureOf(prose).buffer));
  return prose;
}

/** Rows per INSERT of the full pass: fewer statements to run. */
const ROWS_PER_INSERT = 100;

/** Every page matched again: the mentions table refilled. */
function matchAll(db: Db, matcher: Matcher, selves: Map<number, Set<string>>): number {
  const rows = db.prepare(PROSE).all() as PageProse[];
  // refilling the whole table, the concept index is cheaper built once than kept up row by row
  db.exec(`DROP INDEX IF EXISTS mentions_concept; DELETE FROM mentions`);
  const one = db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES (?, ?, ?, ?)`);
  const many = db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES ${Array(ROWS_PER_INSERT).fill('(?, ?, ?, ?)').join(', ')}`);
  const batch: (number | string)[] = [];
  for (const r of rows) {
    for (const m of matcher.match(proseOf(db, r), selves.get(r.id))) {
      batch.push(r.id, m.concept, m.line, m.n);
      if (batch.length === ROWS_PER_INSERT * 4) {
        many.run(batch);
        batch.length = 0;
      }
    }
  }
  for (let i = 0; i < batch.length; i += 4) one.run(batch.slice(i, i + 4));
  db.exec(`CREATE INDEX mentions_concept ON mentions(concept)`);
  return rows.length;
}

/**
 * Some pages matched again: those in `ids` always, those in `maybe` when their prose holds one of
 * the `added` forms. Only the rows that differ are written; returns, for each concept, the rows added less those removed.
 */
function matchSome(db: Db, matcher: Matcher, ids: Set<number>, maybe: Set<number>, added: string[]): { pages: number; delta: Map<string, number> } {
  const delta = new Map<string, number>();
  if (!ids.size && !maybe.size) return { pages: 0, delta };
  const rows = db.prepare(`${PROSE} WHERE p.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...ids, ...maybe])) as PageProse[];
  const texts = new Map(rows.map((r) => [r.id, proseOf(db, r)]));
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
  const selves = selvesOf(db, matcher, [...whole.keys(), ...lines.keys()]);
  for (const id of matchLines(db, matcher, lines, selves, new Set(added), delta)) whole.set(id, texts.get(id)!);
  const before = new Map<number, Map<string, Mention>>();
  for (const m of db.prepare(`SELECT page_id, concept, line, n FROM mentions WHERE page_id IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...whole.keys()])) as (Mention & { page_id: number })[]) {
    let page = before.get(m.page_id);
    if (!page) before.set(m.page_id, (page = new Map()));
    page.set(m.concept, m);
  }
  const insert = db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES (?, ?, ?, ?)`);
  const update = db.prepare(`UPDATE mentions SET line = ?, n = ? WHERE page_id = ? AND concept = ?`);
  const remove = db.prepare(`DELETE FROM mentions WHERE page_id = ? AND concept = ?`);
  for (const [id, text] of whole) {
    const was = before.get(id) ?? new Map<string, Mention>();
    for (const m of matcher.match(text, selves.get(id))) {
      const o = was.get(m.concept);
      was.delete(m.concept);
      if (!o) {
        insert.run(id, m.concept, m.line, m.n);
        tally(delta, m.concept, 1);
      } else if (o.line !== m.line || o.n !== m.n) update.run(m.line, m.n, id, m.concept);
    }
    for (const gone of was.keys()) {
      remove.run(id, gone);
      tally(delta, gone, -1);
    }
  }
  return { pages: whole.size + lines.size, delta };
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
    for (let at = prose.indexOf(f); at >= 0; ) {
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
function matchLines(db: Db, matcher: Matcher, pages: Map<number, string>, selves: Map<number, Set<string>>, added: Set<string>, delta: Map<string, number>): number[] {
  const whole: number[] = [];
  const row = db.prepare(`SELECT line, n FROM mentions WHERE page_id = ? AND concept = ?`);
  const insert = db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES (?, ?, ?, ?)`);
  const update = db.prepare(`UPDATE mentions SET line = ?, n = ? WHERE page_id = ? AND concept = ?`);
  const remove = db.prepare(`DELETE FROM mentions WHERE page_id = ? AND concept = ?`);
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
      const stored = row.get(id, concept) as { line: number; n: number } | undefined;
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
      if (!stored) writes.push(() => (insert.run(id, concept, line, n), tally(delta, concept, 1)));
      else if (line === undefined) writes.push(() => (remove.run(id, concept), tally(delta, concept, -1)));
      else if (line !== stored.line || n !== stored.n) writes.push(() => update.run(line, n, id, concept));
    }
    if (fits) for (const w of writes) w();
    else whole.push(id);
  }
  return whole;
}
