// Matching prose (parse/prose.ts: lines of `line<TAB>word word …`) against the dictionary's forms
// in one pass without cutting the prose into strings: each word is hashed from its character
// codes, and the forms are a tree by their words' hashes, so the words after it lead to the
// longest form that can start at a word; a form matches when the prose holds it there whole and a
// word ends after it. A hash that two words share only costs a comparison: the comparison decides.
//
// A page's signature (signatureOf) is a Bloom filter of the same words, so that a form new to the
// dictionary is looked for only in the pages that may hold all its words (mayHold).

interface Phrase {
  /** the normal form: normal words joined by one space */
  form: string;
  concept: string;
}

export interface Mention {
  concept: string;
  line: number;
  n: number;
}

const SPACE = 32;

/** FNV-1a over char codes, kept a small integer (a fast Map key). */
function hashOf(s: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

/** Forms by the hashes of their words, word after word: the phrases that end at a node are its `ends`. */
interface Node {
  ends: Phrase[] | null;
  next: Map<number, Node> | null;
}

/** The dictionary's forms compiled for matching. */
export class Matcher {
  private root = new Map<number, Node>();
  private byForm = new Map<string, Phrase>();

  constructor(forms: Iterable<[form: string, concept: string]> = []) {
    for (const [form, concept] of forms) this.add(form, concept);
  }

  conceptOf(form: string): string | undefined {
    return this.byForm.get(form)?.concept;
  }

  /** Every form and its concept. */
  *forms(): IterableIterator<[form: string, concept: string]> {
    for (const p of this.byForm.values()) yield [p.form, p.concept];
  }

  /** Adds a form, or moves it to another concept. */
  add(form: string, concept: string): void {
    const had = this.byForm.get(form);
    if (had) {
      had.concept = concept;
      return;
    }
    const p: Phrase = { form, concept };
    let level = this.root;
    let node: Node | undefined;
    for (let i = 0; i <= form.length;) {
      let j = form.indexOf(' ', i);
      if (j < 0) j = form.length;
      const h = hashOf(form, i, j);
      if (node) level = node.next ??= new Map();
      node = level.get(h);
      if (!node) level.set(h, (node = { ends: null, next: null }));
      i = j + 1;
    }
    (node!.ends ??= []).push(p);
    this.byForm.set(form, p);
  }

  remove(form: string): void {
    const p = this.byForm.get(form);
    if (!p) return;
    this.byForm.delete(form);
    let level: Map<number, Node> | null = this.root;
    let node: Node | undefined;
    for (let i = 0; i <= form.length && level;) {
      let j = form.indexOf(' ', i);
      if (j < 0) j = form.length;
      node = level.get(hashOf(form, i, j));
      level = node?.next ?? null;
      i = j + 1;
    }
    const ends = node?.ends;
    if (ends) ends.splice(ends.indexOf(p), 1);
  }

  /**
   * The concepts a page's prose mentions: at each word the longest phrase that starts there, then
   * on after it; a phrase of the page's own concepts (`self`) is passed over, not counted. The first
   * line and the count of each. Forms in `without` are passed over as if the dictionary had none of them.
   */
  match(prose: string, self: ReadonlySet<string> | undefined, without?: ReadonlySet<string>): Mention[] {
    const found = new Map<string, Mention>();
    const length = prose.length;
    // the nodes a phrase starting at the current word passes through, deepest last
    const path: Node[] = [];
    let start = 0;
    while (start < length) {
      let end = prose.indexOf('\n', start);
      if (end < 0) end = length;
      const tab = prose.indexOf('\t', start);
      if (tab > start && tab < end) {
        let line = -1;
        for (let i = tab + 1; i < end;) {
          let h = 0x811c9dc5;
          let j = i;
          for (; j < end; j++) {
            const c = prose.charCodeAt(j);
            if (c === SPACE) break;
            h = Math.imul(h ^ c, 0x01000193);
          }
          let node = this.root.get(h & 0x3fffffff);
          let hit: Phrase | undefined;
          if (node) {
            // down the words that follow while some form goes on with them
            path.length = 0;
            path.push(node);
            for (let k = j; node.next && k < end;) {
              let g = 0x811c9dc5;
              let l = k + 1;
              for (; l < end; l++) {
                const c = prose.charCodeAt(l);
                if (c === SPACE) break;
                g = Math.imul(g ^ c, 0x01000193);
              }
              const child: Node | undefined = node.next.get(g & 0x3fffffff);
              if (!child) break;
              path.push((node = child));
              k = l;
            }
            // the deepest form the prose holds whole, ending at a word's end
            for (let d = path.length - 1; d >= 0 && !hit; d--) {
              for (const p of path[d]!.ends ?? []) {
                const after = i + p.form.length;
                if (after > end || (after < end && prose.charCodeAt(after) !== SPACE) || !prose.startsWith(p.form, i) || without?.has(p.form)) continue;
                hit = p;
                break;
              }
            }
          }
          if (!hit) {
            i = j + 1;
            continue;
          }
          // on after the phrase
          i += hit.form.length + 1;
          if (self?.has(hit.concept)) continue;
          const m = found.get(hit.concept);
          if (m) m.n++;
          else {
            if (line < 0) line = Number(prose.slice(start, tab));
            found.set(hit.concept, { concept: hit.concept, line, n: 1 });
          }
        }
      }
      start = end + 1;
    }
    return [...found.values()];
  }
}

/** Bits set per word. */
const PROBES = 6;
/** A filter has a bit per character of prose (about 12 per distinct word of an ordinary page: under 1% false hits a word), 512 at least. */
const MIN_BITS = 512;

/** A second hash from the first, odd so that the probes differ. */
function rehash(h: number): number {
  return (Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) & 0x3fffffff) | 1;
}

/** The bit of probe `at` (below 2^30) in a filter of `size` bits. */
const bitOf = (at: number, size: number) => Math.floor((at / 0x40000000) * size);

/**
 * A page's signature: the words of its prose lines as a Bloom filter. Computed with the prose (in
 * the parse worker) and stored beside it, so that a form new to the dictionary is looked for only
 * in the pages that may hold every word of it.
 */
export function signatureOf(prose: string): Uint8Array {
  const bits = new Uint8Array(Math.max(MIN_BITS, prose.length) >>> 3);
  const size = bits.length * 8;
  const length = prose.length;
  let start = 0;
  while (start < length) {
    let end = prose.indexOf('\n', start);
    if (end < 0) end = length;
    const tab = prose.indexOf('\t', start);
    // the words Matcher.match reads, and only those
    if (tab > start && tab < end) {
      for (let i = tab + 1; i < end;) {
        let h = 0x811c9dc5;
        let j = i;
        for (; j < end; j++) {
          const c = prose.charCodeAt(j);
          if (c === SPACE) break;
          h = Math.imul(h ^ c, 0x01000193);
        }
        if (j > i) {
          h &= 0x3fffffff;
          const step = rehash(h);
          for (let k = 0, at = h; k < PROBES; k++, at = (at + step) & 0x3fffffff) {
            const bit = bitOf(at, size);
            bits[bit >>> 3]! |= 1 << (bit & 7);
          }
        }
        i = j + 1;
      }
    }
    start = end + 1;
  }
  return bits;
}

/** A normal form's words as signatures test them: hashed once, then tried against every page's signature. */
export function wordHashes(form: string): number[] {
  const out: number[] = [];
  for (let i = 0; i <= form.length;) {
    let j = form.indexOf(' ', i);
    if (j < 0) j = form.length;
    if (j > i) out.push(hashOf(form, i, j));
    i = j + 1;
  }
  return out;
}

/** Whether a page with this signature may hold every word of a normal form (false: some word is nowhere in it). */
export function mayHold(signature: Uint8Array, form: string): boolean {
  return mayHoldWords(signature, wordHashes(form));
}

/** mayHold for a form's wordHashes. */
export function mayHoldWords(signature: Uint8Array, words: readonly number[]): boolean {
  const size = signature.length * 8;
  if (size === 0) return true;
  for (const h of words) {
    const step = rehash(h);
    for (let k = 0, at = h; k < PROBES; k++, at = (at + step) & 0x3fffffff) {
      const bit = bitOf(at, size);
      if (!(signature[bit >>> 3]! & (1 << (bit & 7)))) return false;
    }
  }
  return true;
}
