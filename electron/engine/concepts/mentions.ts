// Keeps `mentions` and `concepts` in step with the pages, inside the indexing run's link
// transaction. The dictionary is rebuilt from concept_names (cheap: a few rows a page) and its
// forms compared with the last run's: the pages written in this run are matched again, and so are
// the pages a changed form can reach — those mentioning a concept whose form went or moved, and
// those whose prose contains a new form (one SQL scan). Past a few hundred changed forms (a first
// index, a changed alias setting) every page is, in one pass with the prebuilt phrase lookup.
import type { Db } from '../store/database.ts';
import { tokenize } from '../ingest/parse/markdown.ts';
import { inlineBlocks } from '../ingest/parse/inline.ts';
import { proseLines } from '../ingest/parse/prose.ts';
import { buildDictionary, dictionaryOfForms, matchProse, type Dictionary } from './dictionary.ts';

export interface ConceptChanges {
  /** pages written in this run */
  pageIds: Iterable<number>;
  /** whether the run wrote or deleted anything */
  wrote: boolean;
  /** whether some page's concept names changed or a page went: without, the dictionary is the last run's */
  namesChanged: boolean;
  /** rematch every page (a repair after a crash) */
  all: boolean;
  aliases: Record<string, string>;
}

export interface ConceptRefresh {
  full: boolean;
  pages: number;
  concepts: number;
}

const meta = (db: Db, key: string) => db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(key) as string | undefined;
const setMeta = (db: Db, key: string, value: string) => db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value);

/** Call inside the link phase's write transaction. */
export function refreshConcepts(db: Db, c: ConceptChanges): ConceptRefresh | null {
  const aliases = JSON.stringify(Object.entries(c.aliases).sort());
  const pending = meta(db, 'concepts_all') === '1' || meta(db, 'concept_aliases') !== aliases;
  if (!c.wrote && !c.all && !pending) return null;
  const forms = meta(db, 'concept_forms');
  if (!c.all && !pending && !c.namesChanged && forms !== undefined) return rematchWritten(db, new Map(Object.entries(JSON.parse(forms) as Record<string, string>)), [...c.pageIds]);
  const dict = buildDictionary(db, c.aliases);
  const before = new Map(Object.entries(JSON.parse(meta(db, 'concept_forms') ?? '{}') as Record<string, string>));
  const changed = formChanges(before, dict.forms);
  const full = c.all || pending || changed.added.length + changed.moved.length > MAX_FORM_CHANGES;
  const ids = full ? null : [...new Set([...c.pageIds, ...reachedBy(db, changed)])];
  const pages = matchPages(db, dict, ids);
  writeConcepts(db, dict);
  setMeta(db, 'concept_forms', JSON.stringify(Object.fromEntries(dict.forms)));
  setMeta(db, 'concept_aliases', aliases);
  db.prepare(`DELETE FROM meta WHERE key = 'concepts_all'`).run();
  return { full, pages, concepts: dict.concepts.size };
}

/**
 * The common case, a page edited without touching its tags, key, title or aliases: the dictionary
 * is the last run's, so only the written pages are matched, and only their concepts recounted.
 */
function rematchWritten(db: Db, forms: Map<string, string>, ids: number[]): ConceptRefresh {
  const json = JSON.stringify(ids);
  const before = db.prepare(`SELECT DISTINCT concept FROM mentions WHERE page_id IN (SELECT value FROM json_each(?))`).pluck().all(json) as string[];
  const selves = db.prepare(`SELECT page_id, norm FROM concept_names WHERE source <> 'tag' AND page_id IN (SELECT value FROM json_each(?))`).all(json) as { page_id: number; norm: string }[];
  const pages = matchPages(db, dictionaryOfForms(forms, selves), ids);
  db.prepare(
    `UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm)
     WHERE norm IN (SELECT value FROM json_each(?)) OR norm IN (SELECT concept FROM mentions WHERE page_id IN (SELECT value FROM json_each(?)))`,
  ).run(JSON.stringify(before), json);
  return { full: false, pages, concepts: -1 };
}

/** Past this many new or moved forms, matching every page is cheaper than picking pages out. */
const MAX_FORM_CHANGES = 200;

interface FormChanges {
  /** forms that are new */
  added: string[];
  /** concepts (before) of forms that went or now belong to another concept */
  moved: string[];
}

function formChanges(before: Map<string, string>, now: Map<string, string>): FormChanges {
  const added: string[] = [];
  const moved = new Set<string>();
  for (const [form, concept] of now) {
    const was = before.get(form);
    if (was === undefined) added.push(form);
    else if (was !== concept) moved.add(was);
  }
  for (const [form, concept] of before) if (!now.has(form)) moved.add(concept);
  return { added, moved: [...moved] };
}

/** Pages whose matches a changed form can change: they mention a moved concept, or their prose holds a new form. */
function reachedBy(db: Db, c: FormChanges): number[] {
  const ids = new Set<number>();
  if (c.moved.length) {
    for (const id of db.prepare(`SELECT DISTINCT page_id FROM mentions WHERE concept IN (SELECT value FROM json_each(?))`).pluck().all(JSON.stringify(c.moved)) as number[]) ids.add(id);
  }
  if (c.added.length) {
    // a superset (a form inside a longer word too); matching the page decides
    const where = c.added.map(() => 'instr(prose, ?) > 0').join(' OR ');
    for (const id of db.prepare(`SELECT id FROM pages WHERE prose IS NULL OR ${where}`).pluck().all(...c.added) as number[]) ids.add(id);
  }
  return [...ids];
}

/** Prose of a page indexed before concepts were: read again from its body (lines count from the body's start). */
function proseOfBody(body: string): string {
  try {
    return proseLines(inlineBlocks(tokenize(body)), 1);
  } catch {
    return '';
  }
}

function matchPages(db: Db, dict: Dictionary, ids: number[] | null): number {
  if (ids && ids.length === 0) return 0;
  const select = `SELECT id, prose, CASE WHEN prose IS NULL THEN body END AS body FROM pages`;
  const rows = (ids === null ? db.prepare(select).all() : db.prepare(`${select} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids))) as { id: number; prose: string | null; body: string | null }[];
  // refilling the whole table, the concept index is cheaper built once than kept up row by row
  if (ids === null) db.exec(`DROP INDEX IF EXISTS mentions_concept; DELETE FROM mentions`);
  else db.prepare(`DELETE FROM mentions WHERE page_id IN (SELECT value FROM json_each(?))`).run(JSON.stringify(ids));
  const insert = db.prepare(`INSERT INTO mentions (page_id, concept, line, n) VALUES (?, ?, ?, ?)`);
  const saveProse = db.prepare(`UPDATE pages SET prose = ? WHERE id = ?`);
  for (const r of rows) {
    let prose = r.prose;
    if (prose === null) saveProse.run((prose = proseOfBody(r.body ?? '')), r.id);
    for (const m of matchProse(prose, dict, dict.selves.get(r.id))) insert.run(r.id, m.concept, m.line, m.n);
  }
  if (ids === null) db.exec(`CREATE INDEX mentions_concept ON mentions(concept)`);
  return rows.length;
}

/** The concepts table: rewritten whole, with how many pages mention each. */
function writeConcepts(db: Db, dict: Dictionary): void {
  db.prepare(`DELETE FROM concepts`).run();
  const insert = db.prepare(`INSERT INTO concepts (norm, name, variants, sources) VALUES (?, ?, ?, ?)`);
  for (const c of dict.concepts.values()) insert.run(c.norm, c.name, JSON.stringify(c.variants), c.sources);
  db.prepare(`UPDATE concepts SET mentions = (SELECT count(*) FROM mentions m WHERE m.concept = concepts.norm)`).run();
}
