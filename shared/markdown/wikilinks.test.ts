import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { parseWikilinkInner, wikilinkDisplay, wikilinkMeta, wikilinks, type WikilinkMeta } from './wikilinks.ts';

const md = new MarkdownIt({ html: true }).use(wikilinks);

function linksIn(src: string): WikilinkMeta[] {
  const out: WikilinkMeta[] = [];
  for (const block of md.parse(src, {})) {
    for (const child of block.children ?? []) {
      const meta = wikilinkMeta(child);
      if (meta) out.push(meta);
    }
  }
  return out;
}

describe('parseWikilinkInner', () => {
  it.each([
    ['key', { target: 'key', anchor: null, label: null }],
    ['key|label', { target: 'key', anchor: null, label: 'label' }],
    ['key#Heading', { target: 'key', anchor: 'Heading', label: null }],
    ['key#Heading|label', { target: 'key', anchor: 'Heading', label: 'label' }],
    ['#Heading', { target: '', anchor: 'Heading', label: null }],
    ['folder/key', { target: 'folder/key', anchor: null, label: null }],
    ['key.md', { target: 'key.md', anchor: null, label: null }],
    ['key#^block-1', { target: 'key', anchor: '^block-1', label: null }],
    [' spaced key | spaced label ', { target: 'spaced key', anchor: null, label: 'spaced label' }],
    ['key\\|label', { target: 'key', anchor: null, label: 'label' }],
    ['key|', { target: 'key', anchor: null, label: null }],
    ['key#A#B', { target: 'key', anchor: 'A#B', label: null }],
  ])('%s', (inner, parts) => {
    expect(parseWikilinkInner(inner)).toEqual(parts);
  });
});

describe('wikilink rule', () => {
  it('reads links and embeds with their offsets', () => {
    const links = linksIn('a [[one]] b ![[pic.png|200]] [[two#H|t]]');
    expect(links).toEqual([
      { target: 'one', anchor: null, label: null, embed: false, pos: 2 },
      { target: 'pic.png', anchor: null, label: '200', embed: true, pos: 12 },
      { target: 'two', anchor: 'H', label: 't', embed: false, pos: 29 },
    ]);
  });

  it('takes precedence over a reference definition for the same text', () => {
    const src = 'See [[Data Science]].\n\n[Data Science]: data-science.md';
    const tokens = md.parse(src, {});
    const children = tokens[1]?.children ?? [];
    expect(children.map((t) => t.type)).not.toContain('link_open');
    expect(linksIn(src).map((l) => l.target)).toEqual(['Data Science']);
  });

  it('leaves code spans, escapes, empty and unclosed brackets alone', () => {
    expect(linksIn('`[[code]]` \\[[escaped]] [[]] [[ | x]] [[open')).toEqual([]);
  });

  it('does not span lines or nest', () => {
    expect(linksIn('[[a\nb]]')).toEqual([]);
    expect(linksIn('[[a [[b]]').map((l) => l.target)).toEqual(['b']);
  });

  it('renders as a link the renderer can style', () => {
    expect(md.renderInline('[[page#Sec|the page]] ![[x.png]]')).toBe(
      '<a class="wikilink" href="page#Sec" data-target="page">the page</a> ' + '<span class="wikilink-embed" data-target="x.png">x.png</span>',
    );
    const custom = new MarkdownIt().use(wikilinks, { href: (l) => `/page/${l.target}` });
    expect(custom.renderInline('[[a<b]]')).toBe('<a class="wikilink" href="/page/a&lt;b" data-target="a&lt;b">a&lt;b</a>');
  });

  it('displays like Obsidian', () => {
    expect(wikilinkDisplay({ target: 'p', anchor: 'H', label: null })).toBe('p > H');
    expect(wikilinkDisplay({ target: '', anchor: 'H', label: null })).toBe('H');
    expect(wikilinkDisplay({ target: 'p', anchor: 'H', label: 'L' })).toBe('L');
  });
});
