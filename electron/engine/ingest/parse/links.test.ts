import { describe, expect, it } from 'vitest';
import { parsePage } from './page.ts';
import type { ParsedLink } from './types.ts';

/** A file from its lines, so a test reads its line numbers off the array (index + 1). */
const file = (...lines: string[]): string => lines.join('\n');
const linksOf = (text: string): ParsedLink[] => parsePage('page', 'page.md', text).links;
// the column has tests of its own (below)
const link = (line: number, target: string, anchor: string | null, label: string | null, kind: ParsedLink['kind']) =>
  expect.objectContaining({ line, target, anchor, label, kind }) as ParsedLink;

describe('wikilinks and embeds', () => {
  it('reads every form with its exact line', () => {
    const text = file(
      '# Links', // 1
      '', // 2
      'Plain [[key]] and labelled [[key|the label]].', // 3
      'Heading [[key#Heading]], both [[key#Heading|label]], same page [[#Local heading]].', // 4
      'Path [[folder/key]], extension [[key.md]], block [[key#^blockid]].', // 5
      'Embeds ![[other]] and ![[image.png]].', // 6
    );
    expect(linksOf(text)).toEqual([
      link(3, 'key', null, null, 'wikilink'),
      link(3, 'key', null, 'the label', 'wikilink'),
      link(4, 'key', 'Heading', null, 'wikilink'),
      link(4, 'key', 'Heading', 'label', 'wikilink'),
      link(4, '', 'Local heading', null, 'wikilink'),
      link(5, 'folder/key', null, null, 'wikilink'),
      link(5, 'key.md', null, null, 'wikilink'),
      link(5, 'key', '^blockid', null, 'wikilink'),
      link(6, 'other', null, null, 'embed'),
      link(6, 'image.png', null, null, 'embed'),
    ]);
  });

  it('counts lines inside a multi-line paragraph, list, quote, table and heading', () => {
    const text = file(
      'first line', // 1
      'second [[a]]', // 2
      'third [[b]] and `code` then [[c]]', // 3
      '', // 4
      '- item [[d]]', // 5
      '  continued [[e]]', // 6
      '  - nested', // 7
      '    deeper [[f]]', // 8
      '', // 9
      '> quoted', // 10
      '> [[g]]', // 11
      '', // 12
      '| col | col |', // 13
      '| --- | --- |', // 14
      '| [[h]] | x |', // 15
      '| y | [[i\\|label]] |', // 16
      '', // 17
      'Setext [[j]]', // 18
      'heading [[k]]', // 19
      '---', // 20
      '## ATX [[l]]', // 21
    );
    expect(linksOf(text).map((l) => [l.line, l.target, l.label])).toEqual([
      [2, 'a', null],
      [3, 'b', null],
      [3, 'c', null],
      [5, 'd', null],
      [6, 'e', null],
      [8, 'f', null],
      [11, 'g', null],
      [15, 'h', null],
      [16, 'i', 'label'],
      [18, 'j', null],
      [19, 'k', null],
      [21, 'l', null],
    ]);
  });

  it('records every occurrence in document order', () => {
    expect(linksOf('[[a]] [[a]]\n[[b]] [[a]]').map((l) => `${l.line}:${l.target}`)).toEqual(['1:a', '1:a', '2:b', '2:a']);
  });
});

describe('markdown links', () => {
  it('reads inline, image, reference-style and angle-bracket links', () => {
    const text = file(
      'Inline [text](other.md#anchor) and [up](../ref/x.md).', // 1
      'Image ![alt text](img/pic.png) and [same page](#Local).', // 2
      'Encoded [sp](my%20file.md) and <br> [angle](<my file.md#Sec Two>).', // 3
      'Reference [full][ref], [collapsed][] and [shortcut].', // 4
      '', // 5
      '[ref]: ref-target.md', // 6
      '[collapsed]: <collapsed target.md>', // 7
      '[shortcut]: short.md#top "A title"', // 8
    );
    expect(linksOf(text)).toEqual([
      link(1, 'other.md', 'anchor', 'text', 'markdown'),
      link(1, '../ref/x.md', null, 'up', 'markdown'),
      link(2, 'img/pic.png', null, 'alt text', 'markdown'),
      link(2, '', 'Local', 'same page', 'markdown'),
      link(3, 'my file.md', null, 'sp', 'markdown'),
      link(3, 'my file.md', 'Sec Two', 'angle', 'markdown'),
      link(4, 'ref-target.md', null, 'full', 'markdown'),
      link(4, 'collapsed target.md', null, 'collapsed', 'markdown'),
      link(4, 'short.md', 'top', 'shortcut', 'markdown'),
    ]);
  });

  it('skips links that leave the wiki', () => {
    const text = file(
      '[web](https://example.com/a.md) [mail](mailto:a@b.c) [proto](//cdn.example.com/x.md)',
      '[app](obsidian://open?vault=x) <https://auto.link> [ftp](ftp://x/y.md) [empty]()',
      '[kept](notes/kept.md?plain=1)',
    );
    expect(linksOf(text)).toEqual([link(3, 'notes/kept.md', null, 'kept', 'markdown')]);
  });

  it('labels a linked image with its alt text and records both', () => {
    expect(linksOf('[![diagram](d.png)](page.md)')).toEqual([link(1, 'page.md', null, 'diagram', 'markdown'), link(1, 'd.png', null, 'diagram', 'markdown')]);
  });

  it('does not read footnotes as links', () => {
    expect(linksOf(file('Claim.[^1] Other.[^note]', '', '[^1]: Smith', '[^note]: https://example.com'))).toEqual([]);
  });

  it('keeps a malformed percent escape as written', () => {
    expect(linksOf('[x](100%.md)')[0]?.target).toBe('100%.md');
  });
});

describe('what is not a link', () => {
  it('ignores code spans, fences, indented code and comments', () => {
    const text = file(
      'Real [[one]], code `[[no-span]]` and ``[x](no-double.md)``.', // 1
      '', // 2
      '```md', // 3
      '[[no-fence]] [x](no-fence.md)', // 4
      '```', // 5
      '', // 6
      '~~~', // 7
      '![[no-tilde]]', // 8
      '~~~', // 9
      '', // 10
      '    [[no-indented]]', // 11
      '', // 12
      '<!-- [[no-comment]] [x](no-comment.md) -->', // 13
      '', // 14
      'Inline <!-- [[no-inline-comment]] --> and [[two]]', // 15
      '<!--', // 16
      '[[no-multiline-comment]]', // 17
      '-->', // 18
      '', // 19
      '- list `[[no-list-code]]`', // 20
      '', // 21
      '  ```', // 22
      '  [[no-list-fence]]', // 23
      '  ```', // 24
    );
    expect(linksOf(text).map((l) => `${l.line}:${l.target}`)).toEqual(['1:one', '15:two']);
  });

  it('ignores escaped brackets and empty links; an escaped bang leaves a plain wikilink', () => {
    expect(linksOf('\\[[not]] and [[]] and [[ |x]]')).toEqual([]);
    expect(linksOf('\\![[page]]')).toEqual([link(1, 'page', null, null, 'wikilink')]);
  });
});

describe('frontmatter edges', () => {
  it('reads refs and sources, string or list, at the line of each item', () => {
    const text = file(
      '---', // 1
      'title: Edges', // 2
      'refs:', // 3
      '  - alpha', // 4
      '  - "[[beta#Part|Beta]]"', // 5
      '  - gamma#Intro', // 6
      'sources: src/engine/search.ts', // 7
      'other: [[not-an-edge]]', // 8
      '---', // 9
      'Body [[delta]]', // 10
    );
    expect(linksOf(text)).toEqual([
      link(4, 'alpha', null, null, 'ref'),
      link(5, 'beta', 'Part', 'Beta', 'ref'),
      link(6, 'gamma', 'Intro', null, 'ref'),
      link(7, 'src/engine/search.ts', null, null, 'source'),
      link(10, 'delta', null, null, 'wikilink'),
    ]);
  });

  it('reads flow lists, mapping items and keeps # in sources', () => {
    const text = file(
      '---', // 1
      'sources:', // 2
      '  - https://example.com/doc#frag', // 3
      '  - path: src/x.ts', // 4
      '    note: why', // 5
      'refs: [one, two]', // 6
      '---', // 7
    );
    expect(linksOf(text)).toEqual([
      link(3, 'https://example.com/doc#frag', null, null, 'source'),
      link(4, 'src/x.ts', null, null, 'source'),
      link(6, 'one', null, null, 'ref'),
      link(6, 'two', null, null, 'ref'),
    ]);
  });

  it('reads no edges from malformed frontmatter', () => {
    expect(linksOf(file('---', 'refs: [a', '---', '[[b]]'))).toEqual([link(4, 'b', null, null, 'wikilink')]);
  });
});

describe('columns', () => {
  const at = (text: string) => linksOf(text).map((l) => `${l.line}:${l.column} ${l.target}`);

  it('names where each link starts on its line, past code spans, block markup and other cells', () => {
    const text = file(
      '---', // 1
      'refs: [a]', // 2
      '---', // 3
      '`[[Example|Custom name]]` appears as [[Example|Custom name]]', // 4
      '> - quoted ![[pic]] and [md](x.md)', // 5
      '## Head [[h]] ##', // 6
      '| `[[c]]` | [[c]] |', // 7
      '|---|---|', // 8
      '| one | [[d]] [[d]] |', // 9
      '', // 10
      'wrapped', // 11
      '    [[w]]', // 12
    );
    expect(at(text)).toEqual(['2:null a', '4:38 Example', '5:12 pic', '5:25 x.md', '6:9 h', '7:13 c', '9:9 d', '9:15 d', '12:5 w']);
  });
});
