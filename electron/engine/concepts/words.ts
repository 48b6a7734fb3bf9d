// The one word normalization of concepts, used both for names (tags, keys, titles, aliases) and
// for the prose a page is matched against: lowercase, split on anything that is not a letter or a
// digit, and each word made its singular stem by simple English rules. Two names with one normal form are
// one concept; a run of normal words equal to a concept's form is a mention of it.

const NOT_WORD = /[^\p{L}\p{N}]+/u;
const E = 101;
const I = 105;
const S = 115;
const U = 117;

/**
 * A word's singular stem, the same for its singular and its plural: `-ies` → `-y`, `-es` and a final
 * `-e` dropped (so `cache` and `caches`, `box` and `boxes` meet), `-s` dropped (not `-ss`, nor `-us`,
 * `-is` past four letters). Words of three letters or fewer as they are. Runs on every word of
 * every page: character codes, no regular expressions.
 */
export function singular(word: string): string {
  const n = word.length;
  if (n <= 3) return word;
  const last = word.charCodeAt(n - 1);
  if (last === E) return word.slice(0, -1);
  if (last !== S) return word;
  const prev = word.charCodeAt(n - 2);
  if (prev === E) return n > 4 && word.charCodeAt(n - 3) === I ? word.slice(0, -3) + 'y' : word.slice(0, -2);
  if (prev === S || (n > 4 && (prev === U || prev === I))) return word;
  return word.slice(0, -1);
}

/** The normal words of a text. */
export function normalWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().split(NOT_WORD)) if (w) out.push(singular(w));
  return out;
}

/** A name's normal form: its normal words joined by one space; '' when it has none. */
export function normalForm(name: string): string {
  return normalWords(name).join(' ');
}
