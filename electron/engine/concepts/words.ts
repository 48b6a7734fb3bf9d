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

/**
 * The normal words of a text. Runs on every line of every page, so by character codes wherever it
 * can: a stretch between white space that is all ASCII (where a letter or a digit is a word
 * character, and lowercasing is A-Z to a-z) is read here; one with any other character goes
 * through toLowerCase and the regular expression. White space is where lowercasing's one use of
 * context (a final sigma) stops, so both ways give what the whole text would.
 */
export function normalWords(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  let stretch = 0;
  let mark = 0;
  let other = false;
  let start = -1;
  let upper = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    const word = c >= 97 ? c <= 122 : c >= 65 ? c <= 90 && (upper = true) : c >= 48 && c <= 57;
    if (word) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && !other) {
      const w = text.slice(start, i);
      out.push(singular(upper ? w.toLowerCase() : w));
    }
    start = -1;
    upper = false;
    if (c > 127) other = true;
    else if (c === 32 || (c >= 9 && c <= 13)) {
      if (other) {
        out.length = mark;
        for (const w of text.slice(stretch, i).toLowerCase().split(NOT_WORD)) if (w) out.push(singular(w));
        other = false;
      }
      stretch = i + 1;
      mark = out.length;
    }
  }
  return out;
}

/** A name's normal form: its normal words joined by one space; '' when it has none. */
export function normalForm(name: string): string {
  return normalWords(name).join(' ');
}
