// The concept dictionary: every name pages give concepts (concept_names), merged into concepts.
// Names with one normal form (case, punctuation, plural: words.ts) are one concept; a configured
// alias (`conceptAliases: {"k8s": "kubernetes"}`) joins its name to the concept it names. Each
// concept has a canonical normal form (its identity in `mentions` and the graph), a display name
// (the spelling pages use most, a tag's or key's first), and its variants as written.
//
// groupNames merges any set of name rows closed under merging (stored.ts gives it all of them, or
// only those of the concepts a run can have changed): a concept comes out the same either way.
import type { Concept, NameRow, NameSource } from '../store/concepts.ts';
import { conceptForm } from './names.ts';

export type { Concept, NameRow };

export interface Grouped {
  concepts: Map<string, Concept>;
  /** every matched form → its concept */
  forms: Map<string, string>;
  /** page id → the concepts the page itself is (its key, title or an alias): it never mentions them */
  selves: Map<number, Set<string>>;
}

/** Which spelling names a concept when pages use several equally often: a tag's, a title's (it has the capitals), a key's. */
const PREFERENCE: Record<NameSource, number> = { tag: 0, title: 1, key: 2, alias: 3 };

/** The config's aliases as pairs of normal forms (from, to), in the config's order; those that cannot be concepts left out. */
export function aliasForms(aliases: Record<string, string>): { from: string; to: string; spelling: string }[] {
  const out: { from: string; to: string; spelling: string }[] = [];
  for (const [from, to] of Object.entries(aliases)) {
    const f = conceptForm(from);
    const t = conceptForm(to);
    if (f && t) out.push({ from: f, to: t, spelling: from.trim() });
  }
  return out;
}

/**
 * Which normal form each form merges into: a page's aliases into its key, then each configured
 * alias into the concept it names (config wins); chains are followed, cycles cut. The joins are
 * made in the rows' order, then the config's, so any closed subset of the rows (in the same order)
 * merges its forms into the same roots as all of them do.
 */
function mergedForms(rows: NameRow[], aliases: ReturnType<typeof aliasForms>): (norm: string) => string {
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
  for (const a of aliases) join(a.from, a.to);
  return root;
}

/** Merges name rows (in concept_names order) into concepts. */
export function groupNames(rows: NameRow[], aliases: Record<string, string>): Grouped {
  const configured = aliasForms(aliases);
  const canon = mergedForms(rows, configured);
  interface Group {
    spellings: Map<string, { n: number; rank: number; norm: string }>;
    pages: Set<number>;
    forms: Set<string>;
  }
  const groups = new Map<string, Group>();
  const selves = new Map<number, Set<string>>();
  for (const r of rows) {
    const c = canon(r.norm);
    let g = groups.get(c);
    if (!g) groups.set(c, (g = { spellings: new Map(), pages: new Set(), forms: new Set([c]) }));
    g.forms.add(r.norm);
    g.pages.add(r.page_id);
    const s = g.spellings.get(r.name);
    if (s) {
      s.n++;
      s.rank = Math.min(s.rank, PREFERENCE[r.source]);
    } else g.spellings.set(r.name, { n: 1, rank: PREFERENCE[r.source], norm: r.norm });
    if (r.source !== 'tag') {
      let own = selves.get(r.page_id);
      if (!own) selves.set(r.page_id, (own = new Set()));
      own.add(c);
    }
  }
  // a configured alias is a variant of its concept, and matched, once some page names the concept
  for (const a of configured) {
    const g = groups.get(canon(a.from));
    if (!g) continue;
    g.forms.add(a.from);
    if (!g.spellings.has(a.spelling)) g.spellings.set(a.spelling, { n: 0, rank: 9, norm: a.from });
  }
  const concepts = new Map<string, Concept>();
  const forms = new Map<string, string>();
  for (const [norm, g] of groups) {
    const spellings = [...g.spellings.entries()];
    if (spellings.length > 1) spellings.sort((a, b) => b[1].n - a[1].n || a[1].rank - b[1].rank || a[0].localeCompare(b[0]));
    // the display name is a spelling of the canonical form itself when there is one
    const own = spellings.find(([, s]) => s.norm === norm) ?? spellings[0]!;
    concepts.set(norm, { norm, name: own[0], variants: spellings.map(([s]) => s), sources: g.pages.size });
    for (const form of g.forms) forms.set(form, norm);
  }
  return { concepts, forms, selves };
}
