// The dictionary as the index stores it: `concepts` (one row a concept) and `concept_forms` (every
// matched form → its concept), kept in step with `concept_names` by refreshConcepts. Triggers on
// concept_names put every normal form added or removed, by any process, in `concept_dirty`, so a
// run that changed a few names regroups only the concepts those names reach (`component`), not
// every name of the wiki; past a few hundred it regroups them all.
//
// The forms compiled for matching (Matcher) stay in this process between runs, as long as
// `concept_gen` in meta is the one they were stored under: a run that changes the forms sets a new
// one, in the same transaction, so another process's change (or a rolled back one) is read again.
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/database.ts';
import { aliasForms, groupNames, type Grouped, type NameRow } from './dictionary.ts';
import { Matcher } from './matcher.ts';

const cached = new WeakMap<Db, { gen: string; matcher: Matcher }>();

const meta = (db: Db, key: string) => db.prepare(`SELECT value FROM meta WHERE key = ?`).pluck().get(key) as string | undefined;
export const setMeta = (db: Db, key: string, value: string) => db.prepare(`INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, value);

/** The stored forms, compiled: this process's copy while no one changed them since. */
export function storedMatcher(db: Db): Matcher {
  const gen = meta(db, 'concept_gen') ?? '';
  const c = cached.get(db);
  if (c && c.gen === gen) return c.matcher;
  const matcher = new Matcher(db.prepare(`SELECT form, concept FROM concept_forms`).raw().all() as [string, string][]);
  cached.set(db, { gen, matcher });
  return matcher;
}

/** The names changed since the last refresh (their normal forms, as they were and as they are). */
export function dirtyNames(db: Db): string[] {
  return db.prepare(`SELECT norm FROM concept_dirty`).pluck().all() as string[];
}

export interface DictionaryChange {
  /** forms that are new */
  added: string[];
  /** concepts (as they were) of forms that went or now belong to another concept */
  moved: string[];
  /** the forms those concepts had */
  movedForms: string[];
  /** concepts whose row is new: their mentions are counted */
  created: string[];
  /** concept rows written or deleted */
  written: number;
  /** for a whole regrouping: the concepts each page is */
  selves: Map<number, Set<string>> | null;
}

const NO_CHANGE: DictionaryChange = { added: [], moved: [], movedForms: [], created: [], written: 0, selves: null };

/** Past this many changed names, every name is grouped again. */
const MAX_DIRTY = 500;
/** Past this many forms reached from the changed names, too. */
const MAX_COMPONENT = 2000;

/**
 * Brings `concepts` and `concept_forms` in step with concept_names: only the concepts the dirty
 * names reach, or (`all`, or too many of them) every one. The matcher is changed to match.
 */
export function regroup(db: Db, matcher: Matcher, dirty: string[], aliases: Record<string, string>, all: boolean): DictionaryChange {
  const forms = all || dirty.length > MAX_DIRTY ? null : component(db, matcher, dirty, aliases);
  if (forms?.size === 0) return NO_CHANGE;
  // from here the matcher changes before the transaction commits: it is this process's copy again only once stored
  cached.delete(db);
  let change: DictionaryChange;
  if (forms === null) {
    const rows = db.prepare(`SELECT page_id, source, name, norm FROM concept_names ORDER BY rowid`).all() as NameRow[];
    const g = groupNames(rows, aliases);
    const before = db.prepare(`SELECT norm, name, variants, sources FROM concepts`).all() as ConceptRow[];
    change = store(db, matcher, g, new Map(matcher.forms()), before);
    change.selves = g.selves;
  } else {
    const list = JSON.stringify([...forms]);
    const rows = db.prepare(`SELECT page_id, source, name, norm FROM concept_names WHERE norm IN (SELECT value FROM json_each(?)) ORDER BY rowid`).all(list) as NameRow[];
    const g = groupNames(rows, aliases);
    const was = new Map<string, string>();
    for (const f of forms) {
      const c = matcher.conceptOf(f);
      if (c !== undefined) was.set(f, c);
    }
    const norms = JSON.stringify([...new Set([...was.values(), ...g.concepts.keys()])]);
    const before = db.prepare(`SELECT norm, name, variants, sources FROM concepts WHERE norm IN (SELECT value FROM json_each(?))`).all(norms) as ConceptRow[];
    change = store(db, matcher, g, was, before);
  }
  if (change.added.length || change.moved.length || change.written) {
    const gen = randomUUID();
    setMeta(db, 'concept_gen', gen);
    cached.set(db, { gen, matcher });
  } else cached.set(db, { gen: meta(db, 'concept_gen') ?? '', matcher });
  return change;
}

interface ConceptRow {
  norm: string;
  name: string;
  variants: string;
  sources: number;
}

/** Writes what changed between the grouping and the rows it replaces (`was`: the forms, `before`: the concepts). */
function store(db: Db, matcher: Matcher, g: Grouped, was: Map<string, string>, before: ConceptRow[]): DictionaryChange {
  const added: string[] = [];
  const moved = new Set<string>();
  const putForm = db.prepare(`INSERT INTO concept_forms (form, concept) VALUES (?, ?) ON CONFLICT (form) DO UPDATE SET concept = excluded.concept`);
  const dropForm = db.prepare(`DELETE FROM concept_forms WHERE form = ?`);
  for (const [form, concept] of g.forms) {
    const had = was.get(form);
    if (had === concept) continue;
    if (had === undefined) added.push(form);
    else moved.add(had);
    putForm.run(form, concept);
    matcher.add(form, concept);
  }
  for (const [form, concept] of was) {
    if (g.forms.has(form)) continue;
    moved.add(concept);
    dropForm.run(form);
    matcher.remove(form);
  }
  const created: string[] = [];
  let written = 0;
  const old = new Map(before.map((r) => [r.norm, r]));
  const drop = db.prepare(`DELETE FROM concepts WHERE norm = ?`);
  for (const r of before) if (!g.concepts.has(r.norm)) (drop.run(r.norm), written++);
  const insert = db.prepare(`INSERT INTO concepts (norm, name, variants, sources) VALUES (?, ?, ?, ?)`);
  const update = db.prepare(`UPDATE concepts SET name = ?, variants = ?, sources = ? WHERE norm = ?`);
  for (const c of g.concepts.values()) {
    const variants = JSON.stringify(c.variants);
    const o = old.get(c.norm);
    if (!o) {
      insert.run(c.norm, c.name, variants, c.sources);
      created.push(c.norm);
      written++;
    } else if (o.name !== c.name || o.variants !== variants || o.sources !== c.sources) {
      update.run(c.name, variants, c.sources, c.norm);
      written++;
    }
  }
  const movedForms: string[] = [];
  for (const [form, concept] of was) if (moved.has(concept)) movedForms.push(form);
  return { added, moved: [...moved], movedForms, created, written, selves: null };
}

/**
 * The forms whose concepts changed names can change: the dirty forms, every form of a concept one
 * of them was in, and whatever merges with them now (a page's key and its aliases, the config's
 * aliases), closed under both. Null past MAX_COMPONENT: then everything is regrouped.
 */
function component(db: Db, matcher: Matcher, dirty: string[], aliases: Record<string, string>): Set<string> | null {
  const namesOf = db.prepare(`SELECT page_id, source FROM concept_names WHERE norm = ? AND source IN ('key', 'alias')`);
  const joinsOf = db.prepare(`SELECT norm, source FROM concept_names WHERE page_id = ? AND source IN ('key', 'alias')`);
  const formsOf = db.prepare(`SELECT form FROM concept_forms WHERE concept = ?`).pluck();
  const configured = new Map<string, string[]>();
  for (const a of aliasForms(aliases)) {
    configured.set(a.from, [...(configured.get(a.from) ?? []), a.to]);
    configured.set(a.to, [...(configured.get(a.to) ?? []), a.from]);
  }
  const out = new Set<string>();
  const queue: string[] = [];
  const visit = (f: string) => {
    if (out.has(f)) return;
    out.add(f);
    queue.push(f);
  };
  const concepts = new Set<string>();
  for (const d of dirty) visit(d);
  while (queue.length) {
    if (out.size > MAX_COMPONENT) return null;
    const f = queue.pop()!;
    const concept = matcher.conceptOf(f);
    if (concept !== undefined && !concepts.has(concept)) {
      concepts.add(concept);
      for (const other of formsOf.all(concept) as string[]) visit(other);
    }
    for (const r of namesOf.all(f) as { page_id: number; source: string }[]) {
      // a page's aliases join its key
      for (const j of joinsOf.all(r.page_id) as { norm: string; source: string }[]) if (j.source !== r.source) visit(j.norm);
    }
    for (const other of configured.get(f) ?? []) visit(other);
  }
  return out;
}

