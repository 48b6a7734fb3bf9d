// Edits one line of a page where a link is written: point the link somewhere else, or drop the link
// and keep its text. Only the link that starts at the column the index recorded changes: the same
// text elsewhere on the line (in a code span, say) is not a link, and everything else stays byte
// for byte.
import path from 'node:path';
import type { LinkKind } from '../../../shared/page.ts';
import { parseWikilinkInner, wikilinkDisplay } from '../../../shared/markdown/wikilinks.ts';
import { markdownTarget } from '../ingest/parse/links.ts';

export interface WrittenLink {
  kind: LinkKind;
  target: string;
  /** 1-based column where it starts on its line. */
  column: number;
}

const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/y;
// [text](dest "title") and ![alt](dest): one level of brackets inside the text, <dest> or a bare one
const MARKDOWN = /(!?)\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*)\)/y;

/** The line with the link pointed at `to` (link text for wikilinks, a path for markdown links); null when the link is not there. */
export function retargetOnLine(line: string, link: WrittenLink, to: string): string | null {
  if (link.kind === 'markdown') return replaceMarkdown(line, link, (m) => `${m.bang}[${m.text}](${m.open}${encodeDest(to)}${m.fragment}${m.close}${m.title})`);
  return replaceWikilink(line, link, (bang, inner) => `${bang}[[${to}${inner.slice(targetEnd(inner))}]]`);
}

/** The line with the link replaced by the text a reader saw; null when the link is not there. */
export function unlinkOnLine(line: string, link: WrittenLink): string | null {
  if (link.kind === 'markdown') return replaceMarkdown(line, link, (m) => m.text);
  return replaceWikilink(line, link, (_bang, inner) => wikilinkDisplay(parseWikilinkInner(inner)));
}

/** The line with the match of `pattern` at the link's column replaced by `edit`'s text; null when what is there is not the link. */
function replaceAt(line: string, link: WrittenLink, pattern: RegExp, edit: (m: RegExpExecArray) => string | null): string | null {
  pattern.lastIndex = link.column - 1;
  const m = pattern.exec(line);
  const text = m ? edit(m) : null;
  return m && text !== null ? line.slice(0, m.index) + text + line.slice(m.index + m[0].length) : null;
}

function replaceWikilink(line: string, link: WrittenLink, edit: (bang: string, inner: string) => string): string | null {
  return replaceAt(line, link, WIKILINK, ([, bang = '', inner = '']) => {
    if ((bang === '!') !== (link.kind === 'embed') || parseWikilinkInner(inner).target !== link.target) return null;
    return edit(bang, inner);
  });
}

/** Where the target ends inside `[[…]]`: at the first `#` or `|` (Obsidian's `\|` in tables included). */
function targetEnd(inner: string): number {
  const stops = [inner.indexOf('#'), inner.indexOf('\\|'), inner.indexOf('|')].filter((i) => i >= 0);
  return stops.length ? Math.min(...stops) : inner.length;
}

interface MarkdownMatch {
  bang: string;
  text: string;
  open: string;
  close: string;
  fragment: string;
  title: string;
}

function replaceMarkdown(line: string, link: WrittenLink, edit: (m: MarkdownMatch) => string): string | null {
  return replaceAt(line, link, MARKDOWN, ([, bang = '', text = '', dest = '', title = '']) => {
    const angle = dest.startsWith('<');
    const href = angle ? dest.slice(1, -1) : dest;
    if (markdownTarget(href)?.target !== link.target) return null;
    const hash = href.indexOf('#');
    return edit({ bang, text, open: angle ? '<' : '', close: angle ? '>' : '', fragment: hash < 0 ? '' : href.slice(hash), title });
  });
}

/** A path as a markdown destination: spaces and parentheses escaped, slashes kept. */
function encodeDest(p: string): string {
  return p
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

/** The relative path from one page to another, as a markdown link writes it. */
export function relativeLink(fromRel: string, toRel: string): string {
  return path.posix.relative(path.posix.dirname(fromRel), toRel);
}
