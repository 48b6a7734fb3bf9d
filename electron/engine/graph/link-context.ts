// The sentence around a place in a page, as a backlinks pane shows it: from the paragraph that holds
// the link or mention (its lines read from the chunk it is in: prose is often wrapped, and a
// sentence runs on over the next line), the sentence that holds it, without the block's list, quote
// or heading marks, on one line, cut to about CONTEXT_CHARS around it when the sentence is longer.
import type { ChunkAt } from '../store/links.ts';

export const CONTEXT_CHARS = 200;
/** How many backlinks of a page get their sentence: a hub's thousands would read as many chunks. */
export const CONTEXT_LINKS = 100;

/** Heading, quote, list and task marks a line may start with. */
const LINE_MARKS = /^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+(?:\[.\]\s+)?|\d+[.)]\s+)*/;
/** A sentence ends at . ! or ? (and any closing quote or bracket) before a space or the line's end. */
const SENTENCE_END = /[.!?]["'”’)\]]*(?=\s|$)/g;
/** A wikilink, embed or markdown link written at the start of a string. */
const LINK_AT = /^!?\[\[[^\]\n]*\]\]|^!?\[[^\]\n]*\]\([^)\n]*\)/;

/** A line that starts a block of its own, not a wrapped line of the one before. */
const BLOCK_START = /^\s*(?:#{1,6}\s|>|[-*+]\s|\d+[.)]\s|\||```|~~~)/;

/** The paragraph of the chunk that holds line `line` (1-based, of the file), and where that line
 * starts in it; null when the chunk does not hold the line. */
export function paragraphAt(chunk: ChunkAt, line: number): { text: string; offset: number } | null {
  if (chunk.text === null || chunk.chunkLine === null) return null;
  const lines = chunk.text.split('\n');
  const at = line - chunk.chunkLine;
  if (lines[at] === undefined) return null;
  const joins = (i: number) => lines[i - 1]!.trim() !== '' && lines[i]!.trim() !== '' && !BLOCK_START.test(lines[i]!);
  let first = at;
  while (first > 0 && joins(first)) first--;
  let last = at;
  while (last + 1 < lines.length && joins(last + 1)) last++;
  const before = lines.slice(first, at);
  return { text: lines.slice(first, last + 1).join('\n'), offset: before.reduce((n, l) => n + l.length + 1, 0) };
}

/** The end of the link that starts at 0-based `from`, or just past `from` when none starts there. */
export function linkEnd(text: string, from: number): number {
  return from + (LINK_AT.exec(text.slice(from))?.[0].length ?? 1);
}

/** The sentence of `text` that holds [from, to), on one line, at most about CONTEXT_CHARS long. */
export function sentenceAround(text: string, from: number, to: number): string {
  const marks = LINE_MARKS.exec(text)![0].length;
  let start = Math.min(marks, from);
  let end = text.length;
  for (const m of text.matchAll(SENTENCE_END)) {
    const after = m.index + m[0].length;
    if (after <= from) start = Math.max(start, after);
    else if (m.index >= to) {
      end = after;
      break;
    }
  }
  return cut(text, start, end, from, to).replace(/\s+/g, ' ');
}

/** [start, end) of text, cut to about CONTEXT_CHARS around [from, to) with an ellipsis where it was cut. */
function cut(text: string, start: number, end: number, from: number, to: number): string {
  if (end - start > CONTEXT_CHARS) {
    const before = Math.max(0, Math.floor((CONTEXT_CHARS - (to - from)) / 2));
    const s = Math.max(start, Math.min(from - before, end - CONTEXT_CHARS));
    const e = Math.min(end, Math.max(to, s + CONTEXT_CHARS));
    return `${s > start ? '…' : ''}${text.slice(s, e).trim()}${e < end ? '…' : ''}`;
  }
  return text.slice(start, end).trim();
}
