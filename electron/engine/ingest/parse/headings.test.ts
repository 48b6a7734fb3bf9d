import { describe, expect, it } from 'vitest';
import { anchorMatches } from '../../../../shared/markdown/anchors.ts';
import { parsePage } from './page.ts';

const file = (...lines: string[]): string => lines.join('\n');

describe('headings', () => {
  it('reads ATX and setext headings as rendered, with level and file line', () => {
    const page = parsePage(
      'p',
      'p.md',
      file(
        '---', // 1
        'title: t', // 2
        '---', // 3
        '# The `cairn` *command*', // 4
        '', // 5
        'Setext title', // 6
        '============', // 7
        '', // 8
        'Setext two', // 9
        '----------', // 10
        '', // 11
        '### Links to [[other|Other page]] and [docs](d.md) ###', // 12
        '#NoSpaceIsText', // 13
        '###### Six &amp; done', // 14
      ),
    );
    expect(page.headings).toEqual([
      { level: 1, text: 'The cairn command', line: 4 },
      { level: 1, text: 'Setext title', line: 6 },
      { level: 2, text: 'Setext two', line: 9 },
      { level: 3, text: 'Links to Other page and docs', line: 12 },
      { level: 6, text: 'Six & done', line: 14 },
    ]);
  });

  it('finds no headings in code or comments', () => {
    const page = parsePage('p', 'p.md', file('```', '# not', '```', '', '    # not either', '', '<!--', '# nor this', '-->', '## Real'));
    expect(page.headings).toEqual([{ level: 2, text: 'Real', line: 10 }]);
  });

  it('makes link anchors in every spelling match the heading', () => {
    const page = parsePage('p', 'p.md', '## Fusion — RRF vs convex\n\nText ^para-1');
    for (const anchor of ['Fusion: RRF vs Convex', 'fusion-rrf-vs-convex', 'FUSION RRF VS CONVEX']) {
      expect(anchorMatches(anchor, page.headings, page.blockIds)).toBe(true);
    }
    expect(anchorMatches('^para-1', page.headings, page.blockIds)).toBe(true);
    expect(anchorMatches('Fusion RRF', page.headings, page.blockIds)).toBe(false);
  });
});

describe('block ids', () => {
  it('reads ^ids ending a paragraph, a line, a list item or alone after a block', () => {
    const page = parsePage(
      'p',
      'p.md',
      file(
        'A paragraph. ^para-one',
        '',
        'Two lines,',
        'the first ends here ^mid',
        'and goes on.',
        '',
        '- item ^item_2',
        '',
        '> quote',
        '',
        '^after-quote',
        '',
        'Not ids: x^2, a ^ b, `code ^nope`, ^bad! end',
        '',
        '```',
        'fenced ^nope2',
        '```',
      ),
    );
    expect(page.blockIds).toEqual(['para-one', 'mid', 'item_2', 'after-quote']);
  });
});
