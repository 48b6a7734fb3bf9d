// Turning an unlinked mention into a wikilink: the mention is found in the page's body by the
// sentence the engine gave around it (whitespace aside: the sentence comes on one line), and only
// when that sentence is there exactly once, so the write replaces the one place the person saw.
import type { UnlinkedMention } from '../../shared/page.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Text as written, any run of whitespace standing for any other. */
const loose = (s: string) => escape(s).replace(/\s+/g, '\\s+');

/** Where in `body` the mention's words are: [start, end), or null when its sentence is not there exactly once. */
export function mentionPlace(body: string, m: UnlinkedMention): [number, number] | null {
  if (!m.context || !m.phrase) return null;
  const sentence = m.context.replace(/^…|…$/g, '');
  const at = sentence.indexOf(m.phrase);
  if (at < 0) return null;
  const pattern = new RegExp(`${loose(sentence.slice(0, at))}(${loose(m.phrase)})${loose(sentence.slice(at + m.phrase.length))}`, 'gd');
  const found = [...body.matchAll(pattern)];
  return found.length === 1 ? found[0]!.indices![1]! : null;
}

/** The wikilink that replaces the words: the page's key, showing the words as written when they differ. */
export function mentionLink(key: string, phrase: string): string {
  return phrase.toLowerCase() === key.toLowerCase() ? `[[${phrase}]]` : `[[${key}|${phrase}]]`;
}
