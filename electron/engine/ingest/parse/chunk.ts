// Chunks for embedding: one per heading section, long sections cut at block boundaries.
// Ids come from page key + heading path + part so they survive re-indexing; the content
// hash alone says whether a chunk must be embedded again.
import { createHash } from 'node:crypto';
import type { Token } from 'markdown-it';
import type { HeadingBlock } from './headings.ts';
import { LineIndex } from './lines.ts';
import { sections, type Section } from './sections.ts';
import type { ParsedChunk } from './types.ts';

/** Characters above which a section is cut into parts (a few hundred tokens of an embedder). */
export const MAX_CHUNK_CHARS = 3000;

interface Piece {
  /** 0-based body line of the piece's first line. */
  line: number;
  text: string;
}

const sha1 = (s: string): string => createHash('sha1').update(s).digest('hex');

/** Body lines where a top-level block starts: the places a long section may be cut. */
export function blockStarts(tokens: Token[]): number[] {
  const starts: number[] = [];
  for (const t of tokens) {
    if (t.level === 0 && t.nesting !== -1 && t.map) starts.push(t.map[0]);
  }
  return starts;
}

/** Index of the first start greater than `line` (starts are in document order). */
function firstAfter(starts: number[], line: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! > line) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Line ranges of the section's blocks; a block too long on its own falls apart into lines. */
function units(section: Section, starts: number[], lines: LineIndex): [number, number][] {
  const bounds = [section.start];
  for (let i = firstAfter(starts, section.start); i < starts.length && starts[i]! < section.end; i++) {
    if (starts[i] !== bounds[bounds.length - 1]) bounds.push(starts[i]!);
  }
  bounds.push(section.end);
  const out: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [a, b] = [bounds[i]!, bounds[i + 1]!];
    if (lines.size(a, b) <= MAX_CHUNK_CHARS) out.push([a, b]);
    else for (let l = a; l < b; l++) out.push([l, l + 1]);
  }
  return out;
}

/** Greedy packing of units into pieces of at most MAX_CHUNK_CHARS; one huge line is cut by length. */
function pieces(section: Section, starts: number[], lines: LineIndex): Piece[] {
  if (lines.size(section.start, section.end) <= MAX_CHUNK_CHARS) {
    return [{ line: section.start, text: lines.slice(section.start, section.end) }];
  }
  const out: Piece[] = [];
  let from = -1;
  let to = -1;
  const flush = (): void => {
    if (from < 0) return;
    const text = lines.slice(from, to);
    for (let i = 0; i < text.length; i += MAX_CHUNK_CHARS) {
      out.push({ line: from, text: text.slice(i, i + MAX_CHUNK_CHARS) });
    }
    from = -1;
  };
  for (const [a, b] of units(section, starts, lines)) {
    if (from >= 0 && lines.size(from, b) > MAX_CHUNK_CHARS) flush();
    if (from < 0) from = a;
    to = b;
  }
  flush();
  return out;
}

/** Drops blank lines around a piece, moving its line to its first written line. */
function trimmed(piece: Piece): Piece {
  const lead = /^(?:[ \t]*\n)*/.exec(piece.text)?.[0] ?? '';
  const leadLines = lead.split('\n').length - 1;
  return { line: piece.line + leadLines, text: piece.text.slice(lead.length).trimEnd() };
}

export function chunkPage(key: string, body: string, bodyLine: number, tokens: Token[], headings: HeadingBlock[]): ParsedChunk[] {
  const lines = new LineIndex(body);
  const starts = blockStarts(tokens);
  const seen = new Map<string, number>();
  const chunks: ParsedChunk[] = [];
  for (const section of sections(headings, lines.count)) {
    const pathKey = section.headingPath.join('\u001f');
    const occurrence = seen.get(pathKey) ?? 0; // two "## Notes" under one parent stay distinct
    seen.set(pathKey, occurrence + 1);
    // A heading with nothing under it (before its first subheading) says nothing to embed.
    if (!/\S/.test(lines.slice(section.contentStart, section.end))) continue;
    let part = 0;
    for (const piece of pieces(section, starts, lines).map(trimmed)) {
      if (!piece.text) continue;
      chunks.push({
        id: sha1(`${key}\u0000${pathKey}\u0000${occurrence}\u0000${part++}`),
        ord: chunks.length,
        headingPath: [...section.headingPath],
        heading: section.heading,
        text: piece.text,
        hash: sha1(piece.text),
        line: bodyLine + piece.line,
      });
    }
  }
  return chunks;
}
