// The one word normalization of concepts, used both for names (tags, keys, titles, aliases) and
// for the prose a page is matched against: lowercase, split on anything that is not a letter or a
// digit, and each word made singular by simple English rules. Two names with one normal form are
// one concept; a run of normal words equal to a concept's form is a mention of it.

const WORD = /[\p{L}\p{N}]+/gu;

/** `-ies` → `-y`, `-(s|x|z|ch|sh)es` → drop `es`, `-s` → drop (not `-ss`, nor `-us`, `-is` past four letters); words of three letters or fewer, and words with digits, as they are. */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return word.slice(0, -3) + 'y';
  if (/(?:s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !(word.length > 4 && /(?:us|is)$/.test(word))) return word.slice(0, -1);
  return word;
}

/** The normal words of a text. */
export function normalWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) out.push(singular(m[0]));
  return out;
}

/** A name's normal form: its normal words joined by one space; '' when it has none. */
export function normalForm(name: string): string {
  return normalWords(name).join(' ');
}
