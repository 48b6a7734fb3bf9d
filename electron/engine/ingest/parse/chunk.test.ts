import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_CHUNK_CHARS } from './chunk.ts';
import { parsePage } from './page.ts';

const file = (...lines: string[]): string => lines.join('\n');
const chunksOf = (text: string, key = 'page') => parsePage(key, `${key}.md`, text).chunks;

const PAGE = file(
  '---', // 1
  'title: Search', // 2
  '---', // 3
  'Intro before any heading.', // 4
  '', // 5
  '# Search', // 6
  '', // 7
  '## Lanes', // 8
  'Lexical and semantic.', // 9
  '', // 10
  '## Fusion', // 11
  'Weighted RRF.', // 12
  '', // 13
  '### Convex', // 14
  'Normalized scores.', // 15
  '', // 16
  '## Notes', // 17
  '', // 18
  '## Notes', // 19
  'Second notes section.', // 20
);

describe('chunks', () => {
  it('makes one chunk per heading section with its heading path and line', () => {
    const chunks = chunksOf(PAGE);
    expect(chunks.map((c) => [c.ord, c.line, c.heading, c.headingPath, c.text])).toEqual([
      [0, 4, null, [], 'Intro before any heading.'],
      // `# Search` and the first `## Notes` hold nothing but their heading: no chunk
      [1, 8, 'Lanes', ['Search', 'Lanes'], '## Lanes\nLexical and semantic.'],
      [2, 11, 'Fusion', ['Search', 'Fusion'], '## Fusion\nWeighted RRF.'],
      [3, 14, 'Convex', ['Search', 'Fusion', 'Convex'], '### Convex\nNormalized scores.'],
      [4, 19, 'Notes', ['Search', 'Notes'], '## Notes\nSecond notes section.'],
    ]);
    for (const c of chunks) {
      expect(c.hash).toBe(createHash('sha1').update(c.text).digest('hex'));
      expect(c.id).toMatch(/^[0-9a-f]{40}$/);
    }
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
  });

  it('keeps ids stable across calls and content edits, changing only with the heading path', () => {
    const before = chunksOf(PAGE);
    expect(chunksOf(PAGE)).toEqual(before);

    const edited = chunksOf(PAGE.replace('Weighted RRF.', 'Weighted RRF, k = 60.\n\nMore words.'));
    expect(edited.map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(edited[2]?.hash).not.toBe(before[2]?.hash);
    expect(edited[3]?.hash).toBe(before[3]?.hash);

    const renamed = chunksOf(PAGE.replace('## Fusion', '## Ranking'));
    expect(renamed[1]?.id).toBe(before[1]?.id); // Lanes: same path
    expect(renamed[2]?.id).not.toBe(before[2]?.id); // Fusion → Ranking
    expect(renamed[3]?.id).not.toBe(before[3]?.id); // Convex now under Ranking
    expect(renamed[4]?.id).toBe(before[4]?.id);

    expect(chunksOf(PAGE, 'other-page')[1]?.id).not.toBe(before[1]?.id); // ids include the key
  });

  it('has no chunks for an empty or blank page', () => {
    expect(chunksOf('')).toEqual([]);
    expect(chunksOf('\n  \n\t\n')).toEqual([]);
    expect(chunksOf(file('---', 'title: t', '---', '', '# Only a heading'))).toEqual([]);
  });

  it('does not cut at headings inside code or lists', () => {
    const chunks = chunksOf(file('## Real', '```sh', '# comment, not a heading', '```', '- # list heading', '  text'));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.text).toContain('list heading');
  });

  it('splits a long section at paragraph boundaries into parts with stable ids', () => {
    const paragraph = (i: number): string => `Paragraph ${i} ${'word '.repeat(150)}`.trim();
    const lines = ['## Long', ''];
    for (let i = 0; i < 12; i++) lines.push(paragraph(i), '');
    const text = file(...lines);
    const chunks = chunksOf(text);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS);
      expect(c.headingPath).toEqual(['Long']);
      expect(c.text).toMatch(/^(## Long\n\n)?Paragraph \d+ word/); // starts at a paragraph
      expect(text.split('\n')[c.line - 1]).toBe(c.text.split('\n')[0]);
    }
    // every paragraph lands whole in exactly one part
    for (let i = 0; i < 12; i++) expect(chunks.filter((c) => c.text.includes(paragraph(i)))).toHaveLength(1);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
    expect(chunksOf(text).map((c) => c.id)).toEqual(chunks.map((c) => c.id));
  });

  it('keeps a long fenced block whole when it fits, and bounds a single enormous line', () => {
    const code = Array.from({ length: 40 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const chunks = chunksOf(file('## Code', '', 'a '.repeat(1200), '', '```', code, '```', '', 'after'));
    expect(chunks.some((c) => c.text.startsWith('```') && c.text.includes('line 39'))).toBe(true);

    const huge = chunksOf('z'.repeat(MAX_CHUNK_CHARS * 2 + 10));
    expect(huge.map((c) => c.text.length)).toEqual([MAX_CHUNK_CHARS, MAX_CHUNK_CHARS, 10]);
  });
});
