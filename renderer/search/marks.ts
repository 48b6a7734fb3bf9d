// Where a snippet shows the words the engine searched for (the response's `words`: stop-words and
// question words already left out). A snippet word is marked when it starts with a searched word,
// so "table" marks "tables" as the stemmer would match it; a word of one or two letters marks
// only itself ("go" not "good"). Case and accents count for nothing, as they do to the engine,
// which folds a query's words (NFKD, marks dropped, lowercased) before it sends them back.

export type SnippetPart = { text: string; marked: boolean };

/** Prefix matching a shorter word marks too much: these match whole words only. */
const WHOLE_WORD_BELOW = 3;

export function markWords(text: string, words: string[]): SnippetPart[] {
  const wanted = [...new Set(words.filter((w) => w !== ''))];
  if (wanted.length === 0) return [{ text, marked: false }];
  const { folded, origin } = fold(text);
  const alternatives = wanted.map((w) => escape(w) + (w.length < WHOLE_WORD_BELOW ? '(?![\\p{L}\\p{N}])' : '[\\p{L}\\p{N}]*'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'gu');
  const parts: SnippetPart[] = [];
  let last = 0;
  for (const m of folded.matchAll(pattern)) {
    const start = origin[m.index]!;
    const end = origin[m.index + m[0].length]!;
    if (start > last) parts.push({ text: text.slice(last, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    last = end;
  }
  if (last < text.length) parts.push({ text: text.slice(last), marked: false });
  return parts;
}

/** The text folded as the engine folds words, and for each of its positions (one past the end
 * too) the position in `text` it came from: a folded character may be longer or shorter. */
function fold(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = ch
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
    for (let i = 0; i < f.length; i++) origin.push(at);
    folded += f;
    at += ch.length;
  }
  origin.push(at);
  return { folded, origin };
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
