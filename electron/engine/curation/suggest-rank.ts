// How well a page fits a missing target: mostly how alike the names are (edit distance on the
// normalized name, so `Example` finds `examples` before a page that merely shares letters with it;
// a page renamed to one word of the target, or a target that is one word of a page's name, counts too), then how near its folder is to the pages
// that link there, then how many words it shares with what those links say. Two pages with one
// name are told apart by the last two.
import { distance } from 'fastest-levenshtein';
import type { TargetContext, TargetSuggestion } from '../../../shared/fixes.ts';
import type { LinkTarget } from '../store/pages.ts';

const WEIGHTS = { name: 0.6, folder: 0.25, context: 0.15 };
/** At half or less (half the letters to change), a name is no more like the target than chance: such a page is no suggestion. */
const MIN_NAME_SIMILARITY = 0.52;
/** A page renamed to one word of the target (`install-on-windows` → `install`), or a target that is a word of a page's name (`manifesto` → `Quillfeather Manifesto`), counts as this alike. */
const WORD_OF_TARGET = 0.7;

/** A name compared by its letters and its words. */
interface Name {
  text: string;
  words: Set<string>;
}

const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/\.md$/, '')
    .replace(/[-_\s.]+/g, ' ')
    .trim();
const wordsOf = (s: string) => new Set(s.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));

export function nameOf(s: string): Name {
  const text = normal(s);
  return { text, words: wordsOf(text) };
}

/** A page with its names read once, for every target it is compared with. */
export interface NamedPage {
  page: LinkTarget;
  names: { name: Name; matched: TargetSuggestion['matched'] }[];
  words: Set<string>;
}

export function namedPage(page: LinkTarget): NamedPage {
  const names = [
    { name: nameOf(page.key), matched: 'key' as const },
    { name: nameOf(page.title), matched: 'title' as const },
    ...page.aliases.map((a) => ({ name: nameOf(a), matched: 'alias' as const })),
  ];
  return { page, names, words: new Set([...names[0]!.name.words, ...names[1]!.name.words]) };
}

/** Every word of `part` (of four letters or more) is a word of `whole`. */
const wordsWithin = (part: Name, whole: Name) => part.words.size > 0 && [...part.words].every((w) => w.length >= 4 && whole.words.has(w));

function alike(target: Name, name: Name): number {
  // either way round: a page renamed to a word of the target, or a target naming a page by one of its words
  const floor = wordsWithin(name, target) || wordsWithin(target, name) ? WORD_OF_TARGET : 0;
  const longest = Math.max(target.text.length, name.text.length);
  // the edit distance is at least the difference in length: skip it when it cannot matter
  if (!longest || 1 - Math.abs(target.text.length - name.text.length) / longest < Math.max(floor, MIN_NAME_SIMILARITY)) return floor;
  return Math.max(floor, 1 - distance(target.text, name.text) / longest);
}

/** The best of the page's names against the target's, and which it was; null when none is alike enough to suggest. */
export function nameMatch(target: Name, page: NamedPage): { similarity: number; matched: TargetSuggestion['matched'] } | null {
  let best: { similarity: number; matched: TargetSuggestion['matched'] } | null = null;
  for (const { name, matched } of page.names) {
    const similarity = alike(target, name);
    if (similarity >= MIN_NAME_SIMILARITY && similarity > (best?.similarity ?? 0)) best = { similarity, matched };
  }
  return best;
}

const folders = (p: string) => p.split('/').slice(0, -1);

/** 1 in the linking page's folder, less for each step apart, 0 with no folder in common below the root. */
function folderNearness(from: string[], pagePath: string): number {
  const there = folders(pagePath);
  let best = 0;
  for (const source of from) {
    const here = folders(source);
    let common = 0;
    while (common < here.length && common < there.length && here[common] === there[common]) common++;
    const apart = here.length + there.length - 2 * common;
    best = Math.max(best, apart === 0 ? 1 : common / (common + apart));
  }
  return best;
}

function contextOverlap(said: Set<string>, page: NamedPage): number {
  if (!said.size || !page.words.size) return 0;
  let shared = 0;
  for (const w of page.words) if (said.has(w)) shared++;
  return shared / page.words.size;
}

/** 0 a perfect fit, 1 none (the contract's sense of a score). */
export function fitScore(similarity: number, page: NamedPage, context: TargetContext | undefined, said: Set<string>): number {
  const fit = WEIGHTS.name * similarity + WEIGHTS.folder * folderNearness(context?.from ?? [], page.page.path) + WEIGHTS.context * contextOverlap(said, page);
  return Math.round((1 - fit) * 1000) / 1000;
}

export const contextWords = (context: TargetContext | undefined) => wordsOf(normal(context?.words ?? ''));
