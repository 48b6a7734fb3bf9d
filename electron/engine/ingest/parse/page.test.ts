import { describe, expect, it } from 'vitest';
import { parsePage } from './page.ts';

const file = (...lines: string[]): string => lines.join('\n');

const SAMPLE = file(
  '---', // 1
  'title: CRLF page', // 2
  'refs:', // 3
  '  - other', // 4
  'tags: a', // 5
  '---', // 6
  '# Heading', // 7
  '', // 8
  'Text [[one]]', // 9
  'more [two](two.md) <!-- from: src/x.ts -->', // 10
  '', // 11
  '```', // 12
  '[[in-code]]', // 13
  '```', // 14
  '## Next ^not-an-id', // 15
  'Para ^blk', // 16
);

describe('parsePage', () => {
  it('gives the same result for CRLF and LF files, with an LF body', () => {
    const lf = parsePage('p', 'p.md', SAMPLE);
    const crlf = parsePage('p', 'p.md', SAMPLE.replace(/\n/g, '\r\n'));
    expect(crlf).toEqual(lf);
    expect(crlf.body).not.toContain('\r');
    expect(crlf.bodyLine).toBe(7);
    expect(crlf.links.map((l) => [l.line, l.target, l.kind])).toEqual([
      [4, 'other', 'ref'],
      [9, 'one', 'wikilink'],
      [10, 'two.md', 'markdown'],
    ]);
    expect(crlf.provenance).toEqual([{ from: 'src/x.ts', line: 10 }]);
    expect(crlf.headings.map((h) => h.line)).toEqual([7, 15]);
    expect(crlf.blockIds).toEqual(['blk']);
  });

  it('treats a lone CR as a line break too', () => {
    const page = parsePage('p', 'p.md', 'a\r[[b]]\r\r# C');
    expect(page.links[0]?.line).toBe(2);
    expect(page.headings).toEqual([{ level: 1, text: 'C', line: 4 }]);
  });

  it('never throws, whatever the input', () => {
    const inputs = [
      '',
      '---',
      '---\n',
      '---\n---',
      '\u0000\u0001\u0002 [[\u0000]]',
      '\uFFFD'.repeat(1000),
      '>'.repeat(5000) + ' deep',
      '- '.repeat(3000) + 'x',
      '[['.repeat(2000),
      '![['.repeat(2000) + ']]',
      '[a]('.repeat(2000),
      '*_'.repeat(3000),
      '<!--'.repeat(1000),
      '|'.repeat(1000) + '\n|---|\n' + '|x'.repeat(1000),
      '---\n' + '- &a [*a]\n'.repeat(3) + '---\n',
      '---\na: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n---\n',
      '---\n? [a, b]\n: complex key\n---\n',
      '---\n!!binary aGVsbG8=\n---\n',
      '\uD800 lone surrogate [[\uDC00]] [x](%E0%A4%A)',
      Array.from({ length: 3000 }, (_, i) => String.fromCharCode((i * 31) % 0xffff)).join(''),
    ];
    for (const text of inputs) {
      const page = parsePage('k', 'k.md', text);
      expect(typeof page.title).toBe('string');
      expect(Array.isArray(page.links)).toBe(true);
    }
    // not a string at all (a caller bug): still an empty page, not an exception
    expect(parsePage('k', 'k.md', undefined as unknown as string).body).toBe('');
  });
});
