// The concept dictionary: every name pages give concepts (concept_names), merged into concepts.
// Names with one normal form (case, punctuation, plural: words.ts) are one concept; a configured
// alias (`conceptAliases: {"k8s": "kubernetes"}`) joins its name to the concept it names. Each
// concept has a canonical normal form (its identity in `mentions` and the graph), a display name
// (the spelling pages use most, a tag's or key's first), and its variants as written.
import type { Db } from '../store/database.ts';
import { Matcher, type Mention } from './matcher.ts';
import { conceptForm, type NameSource } from './names.ts';

export interface Concept {
  norm: string;
  name: string;
  variants: string[];
  /** pages that name it */
  sources: number;
}

export interface Dictionary {
  concepts: Map<string, Concept>;
  /** the forms, compiled for matching */
  matcher: Matcher;
  /** page id → the concepts the page itself is (its key, title or an alias): it never mentions them */
  selves: Map<number, Set<string>>;
  /** every matched form → its concept: what changed in it decides which unchanged pages are matched again */
  forms: Map<string, string>;
}

interface NameRow {
  page_id: number;
  source: NameSource;
  name: string;
  norm: string;
}

/** Which spelling names a concept when pages use several equally often: a tag's, a title's (it has the capitals), a key's. */
const PREFERENCE: Record<NameSource, number> = { tag: 0, title: 1, key: 2, alias: 3 };

/**
 * Which normal form each form merges into: a page's aliases into its key, then each configured
 * alias into the concept it names (config wins); chains are followed, cycles cut.
 */
function mergedForms(rows: NameRow[], aliases: Record<string, string>): (norm: string) => string {
  const parent = new Map<string, string>();
  const root = (f: string) => {
    const seen = new Set<string>();
    while (parent.has(f) && !seen.has(f)) {
      seen.add(f);
      f = parent.get(f)!;
    }
    return f;
  };
  const join = (from: string, to: string) => {
    const a = root(from);
    const b = root(to);
    if (a !== b) parent.set(a, b);
  };
  const keys = new Map<number, string>();
  for (const r of rows) if (r.source === 'key') keys.set(r.page_id, r.norm);
  for (const r of rows) if (r.source === 'alias' && keys.has(r.page_id)) join(r.norm, keys.get(r.page_id)!);
  for (const [from, to] of Object.entries(aliases)) {
    const f = conceptForm(from);
    const t = conceptForm(to);
    if (f && t) join(f, t);
  }
  return root;
}

export function buildDictionary(db: Db, aliases: Record<string, string>): Dictionary {
  const rows = db.prepare(`SELECT page_id, source, name, norm FROM concept_names`).all() as NameRow[];
  const canon = mergedForms(rows, aliases);
  const groups = new Map<string, { spellings: Map<string, { n: number; rank: number }>; pages: Set<number>; forms: Set<string> }>();
  const selves = new Map<number, Set<string>>();
  for (const r of rows) {
    const c = canon(r.norm);
    let g = groups.get(c);
    if (!g) groups.set(c, (g = { spellings: new Map(), pages: new Set(), forms: new Set([c]) }));
    g.forms.add(r.norm);
    g.pages.add(r.page_id);
    const s = g.spellings.get(r.name) ?? { n: 0, rank: PREFERENCE[r.source] };
    s.n++;
    s.rank = Math.min(s.rank, PREFERENCE[r.source]);
    g.spellings.set(r.name, s);
    if (r.source !== 'tag') {
      let own = selves.get(r.page_id);
      if (!own) selves.set(r.page_id, (own = new Set()));
      own.add(c);
    }
  }
  // a configured alias is a variant of its concept, and matched, once some page names the concept
  for (const [from, to] of Object.entries(aliases)) {
    const f = conceptForm(from);
    const g = f && groups.get(canon(f));
    if (!g || !f) continue;
    g.forms.add(f);
    if (!g.spellings.has(from.trim())) g.spellings.set(from.trim(), { n: 0, rank: 9 });
    void to;
  }
  const concepts = new Map<string, Concept>();
  const forms = new Map<string, string>();
  for (const [norm, g] of groups) {
    const spellings = [...g.spellings.entries()].sort((a, b) => b[1].n - a[1].n || a[1].rank - b[1].rank || a[0].localeCompare(b[0]));
    // the display name is a spelling of the canonical form itself when there is one
    const own = spellings.find(([s]) => conceptForm(s) === norm) ?? spellings[0]!;
    concepts.set(norm, { norm, name: own[0], variants: spellings.map(([s]) => s), sources: g.pages.size });
    for (const form of g.forms) forms.set(form, norm);
  }
  return { concepts, matcher: new Matcher(forms), selves, forms };
}

/** The matching half of a dictionary, from the last run's forms and the given pages' own names. */
export function dictionaryOfForms(forms: Map<string, string>, own: { page_id: number; norm: string }[]): Dictionary {
  const selves = new Map<number, Set<string>>();
  for (const r of own) {
    const concept = forms.get(r.norm);
    if (concept === undefined) continue;
    let s = selves.get(r.page_id);
    if (!s) selves.set(r.page_id, (s = new Set()));
    s.add(concept);
  }
  return { concepts: new Map(), matcher: new Matcher(forms), selves, forms };
}

/** The concepts a page's prose mentions (longest phrase first at each word), first line and count each. */
export function matchProse(prose: string, dict: Dictionary, self: Set<string> | undefined): Mention[] {
  return dict.matcher.match(prose, self);
}
