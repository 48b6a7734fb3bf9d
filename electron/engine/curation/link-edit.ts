// Edits one line of a page where a link is written: point the link somewhere else, or drop the link
// and keep its text. Every occurrence of that link on the line changes (they are one link written
// twice); everything else on the line stays byte for byte.
import path from 'node:path';
import type { LinkKind } from '../../../shared/page.ts';
import { parseWikilinkInner, wikilinkDisplay } from '../../../shared/markdown/wikilinks.ts';
import { markdownTarget } from '../ingest/parse/links.ts';

export interface WrittenLink {
  kind: LinkKind;
  target: string;
}

const WIKILINK = /(!?)\[\[([^[\]\n]+?)\]\]/g;
// [text](dest "title") and ![alt](dest): one level of brackets inside the text, <dest> or a bare one
const MARKDOWN = /(!?)\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*(<[^>\n]*>|[^\s)]+)((?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*)\)/g;

/** The line with the link pointed at `to` (link text for wikilinks, a path for markdown links); null when the link is not on it. */
export function retargetOnLine(line: string, link: WrittenLink, to: string): string | null {
  if (link.kind === 'markdown') return replaceMarkdown(line, link, (m) => `${m.bang}[${m.text}](${m.open}${encodeDest(to)}${m.fragment}${m.close}${m.title})`);
  return replaceWikilinks(line, link, (inner) => `${to}${inner.slice(targetEnd(inner))}`);
}

/** The line with the link replaced by the text a reader saw; null when the link is not on it. */
export function unlinkOnLine(line: string, link: WrittenLink): string | null {
  if (link.kind === 'markdown') return replaceMarkdown(line, link, (m) => m.text);
  return replaceWikilinks(line, link, (inner) => wikilinkDisplay(parseWikilinkInner(inner)), true);
}

function replaceWikilinks(line: string, link: WrittenLink, edit: (inner: string) => string, whole = false): string | null {
  let found = false;
  const out = line.replace(WIKILINK, (all, bang: string, inner: string) => {
    if ((bang === '!') !== (link.kind === 'embed') || parseWikilinkInner(inner).target !== link.target) return all;
    found = true;
    return whole ? edit(inner) : `${bang}[[${edit(inner)}]]`;
  });
  return found ? out : null;
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
  let found = false;
  const out = line.replace(MARKDOWN, (all, bang: string, text: string, dest: string, title: string) => {
    const angle = dest.startsWith('<');
    const href = angle ? dest.slice(1, -1) : dest;
    if (markdownTarget(href)?.target !== link.target) return all;
    found = true;
    const hash = href.indexOf('#');
    return edit({ bang, text, open: angle ? '<' : '', close: angle ? '>' : '', fragment: hash < 0 ? '' : href.slice(hash), title });
  });
  return found ? out : null;
}

/** A path as a markdown destination: spaces and parentheses escaped, slashes kept. */
function encodeDest(p: string): string {
  return p.split('/').map((s) => encodeURIComponent(s)).join('/');
}

/** The relative path from one page to another, as a markdown link writes it. */
export function relativeLink(fromRel: string, toRel: string): string {
  return path.posix.relative(path.posix.dirname(fromRel), toRel);
}
