// The dictionary as the index stores it: `concepts` (one row a concept) and `concept_forms` (every
// matched form → its concept), kept in step with `concept_names` by refreshConcepts. Triggers on
// concept_names put every normal form added or removed, by any process, in `concept_dirty`, so a
// run that changed a few names regroups only the concepts those names reach (`component`), not
// every name of the wiki; past a few hundred it regroups them all.
//
// The forms compiled for matching (Matcher) stay in this process between runs, as long as the
// forms' generation in the store (`concept_gen`) is the one they were stored under: a run that
// changes the forms sets a new one, in the same transaction, so another process's change (or a
// rolled back one) is read again.
import { randomUUID } from 'node:crypto';
import type { Concept, ConceptRepo } from '../store/concepts.ts';
import { aliasForms, groupNames, type Grouped } from './dictionary.ts';
import { Matcher } from './matcher.ts';

/** One per store (its concepts repository): this process's copy of its forms, compiled. */
const cached = new WeakMap<ConceptRepo, { gen: string; matcher: Matcher }>();

/** The stored forms, compiled: this process's copy while no one changed them since. */
export async function storedMatcher(concepts: ConceptRepo): Promise<Matcher> {
  const gen = await concepts.generation();
  const c = cached.get(concepts);
  if (c && c.gen === gen) return c.matcher;
  const matcher = new Matcher(await concepts.forms());
  cached.set(concepts, { gen, matcher });
  return matcher;
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
export async function regroup(
  concepts: ConceptRepo,
  matcher: Matcher,
  dirty: string[],
  aliases: Record<string, string>,
  all: boolean,
): Promise<DictionaryChange> {
  const forms = all || dirty.length > MAX_DIRTY ? null : await component(concepts, matcher, dirty, aliases);
  if (forms?.size === 0) return NO_CHANGE;
  // from here the matcher changes before the transaction commits: it is this process's copy again only once stored
  cached.delete(concepts);
  let change: DictionaryChange;
  if (forms === null) {
    const g = groupNames(await concepts.names(null), aliases);
    change = await store(concepts, matcher, g, new Map(matcher.forms()), await concepts.concepts(null));
    change.selves = g.selves;
  } else {
    const g = groupNames(await concepts.names([...forms]), aliases);
    const was = new Map<string, string>();
    for (const f of forms) {
      const c = matcher.conceptOf(f);
      if (c !== undefined) was.set(f, c);
    }
    const before = await concepts.concepts([...new Set([...was.values(), ...g.concepts.keys()])]);
    change = await store(concepts, matcher, g, was, before);
  }
  if (change.added.length || change.moved.length || change.written) {
    const gen = randomUUID();
    await concepts.setGeneration(gen);
    cached.set(concepts, { gen, matcher });
  } else cached.set(concepts, { gen: await concepts.generation(), matcher });
  return change;
}

/** Writes what changed between the grouping and the rows it replaces (`was`: the forms, `before`: the concepts). */
async function store(concepts: ConceptRepo, matcher: Matcher, g: Grouped, was: Map<string, string>, before: Concept[]): Promise<DictionaryChange> {
  const added: string[] = [];
  const moved = new Set<string>();
  const put: [string, string][] = [];
  const dropped: string[] = [];
  for (const [form, concept] of g.forms) {
    const had = was.get(form);
    if (had === concept) continue;
    if (had === undefined) added.push(form);
    else moved.add(had);
    put.push([form, concept]);
    matcher.add(form, concept);
  }
  for (const [form, concept] of was) {
    if (g.forms.has(form)) continue;
    moved.add(concept);
    dropped.push(form);
    matcher.remove(form);
  }
  await concepts.writeForms(put, dropped);
  const created: string[] = [];
  const old = new Map(before.map((r) => [r.norm, r]));
  const rows = { drop: before.filter((r) => !g.concepts.has(r.norm)).map((r) => r.norm), insert: [] as Concept[], update: [] as Concept[] };
  for (const c of g.concepts.values()) {
    const o = old.get(c.norm);
    if (!o) {
      rows.insert.push(c);
      created.push(c.norm);
    } else if (o.name !== c.name || JSON.stringify(o.variants) !== JSON.stringify(c.variants) || o.sources !== c.sources) rows.update.push(c);
  }
  await concepts.writeConcepts(rows);
  const movedForms: string[] = [];
  for (const [form, concept] of was) if (moved.has(concept)) movedForms.push(form);
  return { added, moved: [...moved], movedForms, created, written: rows.drop.length + rows.insert.length + rows.update.length, selves: null };
}

/**
 * The forms whose concepts changed names can change: the dirty forms, every form of a concept one
 * of them was in, and whatever merges with them now (a page's key and its aliases, the config's
 * aliases), closed under both. Null past MAX_COMPONENT: then everything is regrouped. Walked a
 * level at a time, each level's look-ups one statement each: on PostgreSQL a look-up per form was
 * a round trip per form, a dozen in a write's transaction.
 */
async function component(concepts: ConceptRepo, matcher: Matcher, dirty: string[], aliases: Record<string, string>): Promise<Set<string> | null> {
  const configured = new Map<string, string[]>();
  for (const a of aliasForms(aliases)) {
    configured.set(a.from, [...(configured.get(a.from) ?? []), a.to]);
    configured.set(a.to, [...(configured.get(a.to) ?? []), a.from]);
  }
  const out = new Set<string>();
  let level: string[] = [];
  const visit = (f: string) => {
    if (out.has(f)) return;
    out.add(f);
    level.push(f);
  };
  const reached = new Set<string>();
  for (const d of dirty) visit(d);
  while (level.length) {
    if (out.size > MAX_COMPONENT) return null;
    const forms = level;
    level = [];
    const joined = new Set<string>();
    for (const f of forms) {
      const concept = matcher.conceptOf(f);
      if (concept !== undefined && !reached.has(concept)) joined.add(concept);
      for (const other of configured.get(f) ?? []) visit(other);
    }
    for (const c of joined) reached.add(c);
    for (const other of await concepts.formsOf([...joined])) visit(other);
    // a page's aliases join its key
    const named = await concepts.keyOrAliasPages(forms);
    const byPage = new Map<number, { norm: string; source: string }[]>();
    for (const j of await concepts.keysAndAliases([...new Set(named.map((r) => r.page_id))])) byPage.set(j.page_id, [...(byPage.get(j.page_id) ?? []), j]);
    for (const r of named) for (const j of byPage.get(r.page_id) ?? []) if (j.source !== r.source) visit(j.norm);
  }
  return out;
}
