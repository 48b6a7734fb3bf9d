import { describe, expect, it } from 'vitest';
import { parsePage } from './page.ts';

const file = (...lines: string[]): string => lines.join('\n');
const parse = (text: string) => parsePage('page-key', 'page-key.md', text);

describe('frontmatter', () => {
  it('parses fields and starts the body after the closing fence', () => {
    const page = parse(file('---', 'title: Search', 'summary: " How ranking works "', 'tags: [search, "#ranking"]', '---', '# Body', 'text'));
    expect(page.frontmatter).toEqual({ title: 'Search', summary: ' How ranking works ', tags: ['search', '#ranking'] });
    expect(page.frontmatterError).toBeNull();
    expect(page.title).toBe('Search');
    expect(page.summary).toBe('How ranking works');
    expect(page.tags).toEqual(['search', 'ranking']);
    expect(page.body).toBe('# Body\ntext');
    expect(page.bodyLine).toBe(6);
    expect(page.headings).toEqual([{ level: 1, text: 'Body', line: 6 }]);
  });

  it('accepts `...` as the closing fence and an empty frontmatter', () => {
    expect(parse(file('---', 'a: 1', '...', 'body')).frontmatter).toEqual({ a: 1 });
    const empty = parse(file('---', '---', 'body'));
    expect(empty.frontmatter).toEqual({});
    expect(empty.frontmatterError).toBeNull();
    expect(empty.bodyLine).toBe(3);
  });

  it('reports malformed YAML at its file line and still reads the body', () => {
    const page = parse(file('---', 'title: ok', 'tags: [a, b', 'refs: x', '---', '# Still indexed', '[[link]]'));
    expect(page.frontmatter).toEqual({});
    // yaml notices the unclosed `[` where the next key starts, and reports that line
    expect(page.frontmatterError?.line).toBe(4);
    expect(page.frontmatterError?.message).toMatch(/flow sequence/i);
    expect(page.body).toBe('# Still indexed\n[[link]]');
    expect(page.bodyLine).toBe(6);
    expect(page.title).toBe('Still indexed');
    expect(page.links.map((l) => [l.line, l.target])).toEqual([[7, 'link']]);
  });

  it.each([
    ['a nested mapping in a compact one', file('---', 'title: x', 'a: b: c', '---'), 3],
    ['duplicate keys', file('---', 'title: a', 'tags: []', 'title: b', '---'), 4],
    ['bad indentation', file('---', 'refs:', '  - a', ' owner: me', '---'), 4],
  ])('reports %s with the right line', (_name, text, line) => {
    const page = parse(text);
    expect(page.frontmatter).toEqual({});
    expect(page.frontmatterError?.line).toBe(line);
    expect(page.frontmatterError?.message.length).toBeGreaterThan(0);
  });

  it.each([
    ['a string', file('---', 'just a sentence', '---', 'body'), 'string'],
    ['a list', file('---', '- a', '- b', '---', 'body'), 'list'],
    ['a number', file('---', '42', '---', 'body'), 'number'],
  ])('treats frontmatter that is %s as an error', (_name, text, found) => {
    const page = parse(text);
    expect(page.frontmatter).toEqual({});
    expect(page.frontmatterError).toEqual({ line: 2, message: `frontmatter must be a mapping of fields, found a ${found}` });
    expect(page.body).toBe('body');
  });

  it('reports alias errors that only show when converting', () => {
    const page = parse(file('---', 'a: *missing', '---', 'body'));
    expect(page.frontmatter).toEqual({});
    expect(page.frontmatterError?.message).toMatch(/alias/i);
  });

  it('without a closing fence, has no frontmatter and keeps the whole text as body', () => {
    const text = file('---', 'title: never closed', '', '# Heading');
    const page = parse(text);
    expect(page.frontmatter).toEqual({});
    expect(page.frontmatterError).toBeNull();
    expect(page.body).toBe(text);
    expect(page.bodyLine).toBe(1);
    expect(page.headings).toEqual([{ level: 1, text: 'Heading', line: 4 }]);
  });

  it('only counts a fence on the very first line', () => {
    const text = file('', '---', 'title: late', '---');
    const page = parse(text);
    expect(page.frontmatter).toEqual({});
    expect(page.body).toBe(text);
  });

  it('does not read a frontmatter block past its size limit (yaml checks duplicate keys in square time), but keeps the body', () => {
    const keys = Array.from({ length: 4000 }, (_, i) => `k${i}: ${i}`);
    const page = parse(file('---', ...keys, '---', '# Body [[link]]'));
    expect(page.frontmatterError).toEqual({ line: 2, message: 'frontmatter larger than 32 KB: not read' });
    expect([page.title, page.links.map((l) => l.target)]).toEqual(['Body link', ['link']]);
    expect(parse(file('---', ...keys.slice(0, 1000), '---', '# Body')).frontmatter).toMatchObject({ k999: 999 });
  });

  it('does not read frontmatter nested past its depth limit, however deep, but keeps the body', () => {
    const nested = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
    for (const n of [32, 5000]) {
      const page = parse(file('---', `deep: ${nested(n)}`, '---', '# Body'));
      expect(page.frontmatterError).toEqual({ line: 2, message: 'frontmatter nested deeper than 32 levels: not read' });
      expect(page.title).toBe('Body');
    }
    expect(parse(file('---', `deep: ${nested(31)}`, '---')).frontmatterError).toBeNull();
  });

  it('does not let __proto__ reach the prototype', () => {
    const page = parse(file('---', '__proto__: {polluted: true}', 'title: t', '---'));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(page.title).toBe('t');
  });
});

describe('title, summary and tags', () => {
  it('prefers frontmatter title, then the first H1, then the key', () => {
    expect(parse(file('---', 'title: Front', '---', '# Heading')).title).toBe('Front');
    expect(parse(file('## Second', '# First *H1*', '# Later')).title).toBe('First H1');
    expect(parse('no heading').title).toBe('page-key');
    expect(parse(file('---', 'title: 2024', '---')).title).toBe('2024');
  });

  it('reads tags from a string or a list, strips #, trims and dedupes', () => {
    expect(parse(file('---', 'tags: "#a, b  c,#a"', '---')).tags).toEqual(['a', 'b', 'c']);
    expect(parse(file('---', 'tags:', '  - " #Search "', '  - search', '  - 7', '  - ""', '---')).tags).toEqual(['Search', '7']);
    expect(parse(file('---', 'tags: solo', '---')).tags).toEqual(['solo']);
    expect(parse(file('---', 'tags: {a: 1}', '---')).tags).toEqual([]);
  });

  it('has a null summary when absent or blank', () => {
    expect(parse('x').summary).toBeNull();
    expect(parse(file('---', 'summary: "  "', '---')).summary).toBeNull();
  });
});
