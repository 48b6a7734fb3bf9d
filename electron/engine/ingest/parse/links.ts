// Inline edges of a page — wikilinks, embeds, markdown links and images — read from the
// markdown-it tokens, so links in code spans, code blocks and HTML comments never appear.
import type { Token } from 'markdown-it';
import { wikilinkMeta } from '../../../../shared/markdown/wikilinks.ts';
import { inlineText } from '../../../../shared/markdown/inline-text.ts';
import type { InlineBlock } from './inline.ts';
import { LinkColumns } from './link-columns.ts';
import { LineCursor } from './lines.ts';
import { sourceOffset } from './positions.ts';
import type { ParsedLink } from './types.ts';

// `https:`, `mailto:`, `obsidian:`... and `//host`: outside the wiki, not an edge.
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // a lone `%` is text, not an escape
  }
}

/** Target and anchor of a markdown link's destination; null when it leaves the wiki or is empty. */
export function markdownTarget(href: string): Pick<ParsedLink, 'target' | 'anchor'> | null {
  if (SCHEME.test(href) || href.startsWith('//')) return null;
  const hash = href.indexOf('#');
  const path = hash < 0 ? href : href.slice(0, hash);
  const query = path.indexOf('?');
  const target = decode(query < 0 ? path : path.slice(0, query)).trim();
  const anchor = hash < 0 ? null : decode(href.slice(hash + 1)).trim() || null;
  return target || anchor !== null ? { target, anchor } : null;
}

/** Label of the link opened at `open`: the text of its children up to `link_close`. */
function linkLabel(children: Token[], open: number): string | null {
  let close = open + 1;
  while (close < children.length && children[close]?.type !== 'link_close') close++;
  return inlineText(children.slice(open + 1, close)).trim() || null;
}

function markdownLink(children: Token[], i: number, token: Token, line: number): Omit<ParsedLink, 'column'> | null {
  const image = token.type === 'image';
  const href = token.attrGet(image ? 'src' : 'href');
  const where = typeof href === 'string' ? markdownTarget(href) : null;
  if (!where) return null;
  const label = image ? inlineText(token.children).trim() || null : linkLabel(children, i);
  // A footnote `[^1]` whose definition is one word (`[^1]: Smith`) reads as a reference link.
  if (!image && label?.startsWith('^')) return null;
  return { line, ...where, label, kind: 'markdown' };
}

function linksOf(block: InlineBlock, bodyLine: number, columns: LinkColumns, out: ParsedLink[]): void {
  const children = block.token.children ?? [];
  const source = block.token.content;
  const cursor = new LineCursor(source, bodyLine + block.line);
  columns.block(source, bodyLine + block.line);
  for (let i = 0; i < children.length; i++) {
    const token = children[i]!;
    const wikilink = wikilinkMeta(token);
    if (wikilink) {
      const { target, anchor, label, pos, embed } = wikilink;
      const line = cursor.lineAt(pos);
      out.push({ line, target, anchor, label, kind: embed ? 'embed' : 'wikilink', column: columns.column(source, pos, line) });
    } else if (token.type === 'link_open' || token.type === 'image') {
      const pos = sourceOffset(token) ?? 0;
      const line = cursor.lineAt(pos);
      const link = markdownLink(children, i, token, line);
      if (link) out.push({ ...link, column: columns.column(source, pos, line) });
    }
  }
}

/** Every inline link occurrence in document order, with its file line and column. */
export function inlineLinks(blocks: InlineBlock[], body: string, bodyLine: number): ParsedLink[] {
  const out: ParsedLink[] = [];
  const columns = new LinkColumns(body, bodyLine);
  for (const block of blocks) linksOf(block, bodyLine, columns, out);
  return out;
}
