// How well a page fits a missing target: mostly how alike the names are (edit distance on the
// normalized name, so `Example` finds `examples` before a page that merely shares letters with it),
// then how near its folder is to the pages that link there, then how many words it shares with
// what those links say. Two pages with one name are told apart by the last two.
import { distance } from 'fastest-levenshtein';
import type { TargetContext } from '../../../shared/fixes.ts';
import type { LinkTarget } from '../store/pages.ts';

const WEIGHTS = { name: 0.6, folder: 0.25, context: 0.15 };
/** Below this, a name is no more like the target than chance: such a page is no suggestion. */
export const MIN_NAME_SIMILARITY = 0.4;

export const normalName = (s: string) => s.toLowerCase().replace(/\.md$/, '').replace(/[-_\s.]+/g, ' ').trim();
const words = (s: string) => new Set(normalName(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest ? 1 - distance(a, b) / longest : 0;
}

/** A page renamed to one word of the target (`install-on-windows` → `install`) counts as this alike. */
const WORD_OF_TARGET = 0.7;

function alike(target: string, name: string): number {
  const own = words(name);
  const of = words(target);
  const within = own.size > 0 && [...own].every((w) => w.length >= 4 && of.has(w));
  return Math.max(similarity(normalName(target), normalName(name)), within ? WORD_OF_TARGET : 0);
}

/** The best of the page's names against the target's: key, title, aliases. */
export function nameSimilarity(target: string, page: LinkTarget): number {
  return Math.max(...[page.key, page.title, ...page.aliases].map((n) => alike(target, n)));
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

function contextOverlap(context: string, page: LinkTarget): number {
  const said = words(context);
  const own = words(`${page.key} ${page.title}`);
  if (!said.size || !own.size) return 0;
  let shared = 0;
  for (const w of own) if (said.has(w)) shared++;
  return shared / own.size;
}

/** 0 a perfect fit, 1 none (the contract's sense of a score). */
export function fitScore(name: string, page: LinkTarget, context: TargetContext | undefined): number {
  const fit = WEIGHTS.name * nameSimilarity(name, page) + WEIGHTS.folder * folderNearness(context?.from ?? [], page.path) + WEIGHTS.context * contextOverlap(context?.words ?? '', page);
  return Math.round((1 - fit) * 1000) / 1000;
}
