// Turning an unlinked mention into a wikilink: the mention is found in the page's body by the
// sentence the engine gave around it (whitespace aside: the sentence comes on one line), and only
// when that sentence is there exactly once, so the write replaces the one place the person saw.
import type { UnlinkedMention } from '../../shared/page.ts';
import { escapeRegExp, firstInProse } from '../../shared/markdown/prose-matches.ts';

/** Text as written, any run of whitespace standing for any other. */
const loose = (s: string) => escapeRegExp(s).replace(/\s+/g, '\\s+');

/** The phrase's place in the engine's sentence: its first in prose, never inside a link, code or a URL, as the engine found it. */
export function phraseSpan(context: string, phrase: string | null): [number, number] | null {
  const found = phrase ? firstInProse(context, new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'u')) : null;
  return found && [found.from, found.to];
}

/** Where in `body` the mention's words are: [start, end), or null when its sentence is not there exactly once. */
export function mentionPlace(body: string, m: UnlinkedMention): [number, number] | null {
  if (!m.context || !m.phrase) return null;
  const sentence = m.context.replace(/^…|…$/g, '');
  const at = phraseSpan(sentence, m.phrase)?.[0];
  if (at === undefined) return null;
  const pattern = new RegExp(`${loose(sentence.slice(0, at))}(${loose(m.phrase)})${loose(sentence.slice(at + m.phrase.length))}`, 'gd');
  const found = [...body.matchAll(pattern)];
  return found.length === 1 ? found[0]!.indices![1]! : null;
}

/** The wikilink that replaces the words: the page's key, showing the words as written when they differ. */
export function mentionLink(key: string, phrase: string): string {
  return phrase.toLowerCase() === key.toLowerCase() ? `[[${phrase}]]` : `[[${key}|${phrase}]]`;
}
