import { describe, expect, it } from 'vitest';
import { parsePage } from './page.ts';

const file = (...lines: string[]): string => lines.join('\n');

describe('provenance comments', () => {
  it('keeps every <!-- from: X --> with its file line, in block and inline HTML', () => {
    const page = parsePage(
      'p',
      'p.md',
      file(
        '---', // 1
        'title: Provenance', // 2
        '---', // 3
        '<!-- from: src/engine/search.ts -->', // 4
        '# Search', // 5
        '', // 6
        'Text that came from a log.', // 7
        'More text <!-- from:   logs/run-12.txt   --> inline.', // 8
        '', // 9
        '<!-- a plain comment, from: nowhere -->', // 10
        '<!--', // 11
        'from: notes/meeting.md', // 12
        '-->', // 13
        '<!-- FROM: https://example.com/page#x -->', // 14
        '<!-- from: a.md --><!-- from: b.md -->', // 15
        '', // 16
        '| table | cell |', // 17
        '| --- | --- |', // 18
        '| x <!-- from: cell.md --> | y |', // 19
      ),
    );
    expect(page.provenance).toEqual([
      { from: 'src/engine/search.ts', line: 4 },
      { from: 'logs/run-12.txt', line: 8 },
      { from: 'notes/meeting.md', line: 11 },
      { from: 'https://example.com/page#x', line: 14 },
      { from: 'a.md', line: 15 },
      { from: 'b.md', line: 15 },
      { from: 'cell.md', line: 19 },
    ]);
  });

  it('reads a comment that spans lines at its opening line', () => {
    const page = parsePage('p', 'p.md', file('text', 'more <!-- from:', '  multi/line.md', '--> end'));
    expect(page.provenance).toEqual([{ from: 'multi/line.md', line: 2 }]);
  });

  it('ignores provenance shown in code', () => {
    const page = parsePage('p', 'p.md', file('`<!-- from: span.md -->`', '', '```', '<!-- from: fence.md -->', '```', '', '    <!-- from: indented.md -->'));
    expect(page.provenance).toEqual([]);
  });
});
