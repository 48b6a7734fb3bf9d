// Query and page text reduced to terms: lowercased, accents folded, split on anything that is
// not a letter or digit, stop-words and question words dropped, Porter-stemmed, deduplicated. The token lane and
// the lexical lane both use it, so a word means the same thing to both.
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

/**
 * Words a question is asked with, beyond the stop-word list's: they say how something is asked,
 * not what about, so matching them ranks pages that happen to ask too ("why", "does"), and
 * marking them in a snippet marks noise. The short pieces are what splitting a contraction on its
 * apostrophe leaves ("I'm", "don't", "isn't", "you've"). Words that name things too stay
 * searched: "not", "so" (.so files), "re" (Python's module), "when", "need".
 */
const QUESTION_WORDS = [
  'why',
  'does',
  'please',
  'anyone',
  'someone',
  'something',
  'anything',
  'really',
  'm',
  's',
  't',
  'll',
  've',
  'don',
  'doesn',
  'didn',
  'isn',
  'aren',
  'wasn',
  'couldn',
  'shouldn',
  'wouldn',
  'im',
  'dont',
  'doesnt',
];
const STOP = new Set<string>([...eng, ...QUESTION_WORDS]);

/** Whether a word (lowercased, as `words` gives it) is left out of searches. */
export const isStopWord = (word: string): boolean => STOP.has(word);
const MAX_TERMS = 64;

/** The words of a text, in order, before stop-word removal and stemming. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Distinct stemmed content terms; empty when the text holds only stop-words or punctuation. */
export function terms(text: string, max = MAX_TERMS): string[] {
  const out = new Set<string>();
  for (const w of words(text)) {
    if (STOP.has(w)) continue;
    out.add(stemmer(w));
    if (out.size >= max) break;
  }
  return [...out];
}

/** The terms the token lane matches a page on: its key, title, summary and tags. */
export function pageTerms(page: { key: string; title: string; summary: string | null; tags: string[] }): string[] {
  return terms([page.key, page.title, page.summary ?? '', page.tags.join(' ')].join(' '), Infinity);
}

/** Distinct content words, unstemmed: what the FTS5 porter tokenizer will stem itself. */
export function contentWords(text: string): string[] {
  const all = words(text);
  const content = [...new Set(all.filter((w) => !STOP.has(w)))];
  return content.slice(0, MAX_TERMS);
}
