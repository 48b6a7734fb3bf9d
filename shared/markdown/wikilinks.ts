// Wikilinks and embeds — [[key]], [[key#Heading|label]], [[#Heading]], ![[image.png]] — as a
// markdown-it inline rule. Pure (no Node): the engine reads links from its tokens, and the
// renderer can reuse it to draw them.
import type { MarkdownIt, StateInline, Token } from 'markdown-it';

/** What a wikilink names, as written: target without `|label` or `#anchor`. */
export interface WikilinkParts {
  target: string;
  /** Text after the first `#`, without it (`^id` for a block reference); null when absent. */
  anchor: string | null;
  label: string | null;
}

/** Stored on `token.meta` of `wikilink` and `wikilink_embed` tokens. */
export interface WikilinkMeta extends WikilinkParts {
  embed: boolean;
  /** Offset of the `[[` (or `![[`) in the inline source, so callers can compute its line. */
  pos: number;
}

export const WIKILINK_TOKEN = 'wikilink';
export const EMBED_TOKEN = 'wikilink_embed';

export interface WikilinkOptions {
  /** Where a rendered wikilink points; defaults to the target and anchor as written. */
  href?: (link: WikilinkParts) => string;
}

const BANG = 0x21;
const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const NEWLINE = 0x0a;

/** Splits the text between `[[` and `]]` into target, anchor and label. */
export function parseWikilinkInner(inner: string): WikilinkParts {
  // Inside tables Obsidian escapes the pipe as `\|`; it still separates the label.
  const text = inner.includes('\\|') ? inner.replace(/\\\|/g, '|') : inner;
  const bar = text.indexOf('|');
  const ref = bar < 0 ? text : text.slice(0, bar);
  const label = bar < 0 ? null : text.slice(bar + 1).trim() || null;
  const hash = ref.indexOf('#');
  const target = (hash < 0 ? ref : ref.slice(0, hash)).trim();
  const anchor = hash < 0 ? null : ref.slice(hash + 1).trim() || null;
  return { target, anchor, label };
}

/** The text a reader sees for a wikilink: its label, else `target > anchor` like Obsidian. */
export function wikilinkDisplay(link: WikilinkParts): string {
  if (link.label !== null) return link.label;
  if (link.anchor === null) return link.target;
  return link.target ? `${link.target} > ${link.anchor}` : link.anchor;
}

export function isWikilinkToken(token: Token): boolean {
  return token.type === WIKILINK_TOKEN || token.type === EMBED_TOKEN;
}

export function wikilinkMeta(token: Token): WikilinkMeta | null {
  return isWikilinkToken(token) ? (token.meta as unknown as WikilinkMeta) : null;
}

/**
 * Finds the `]]` closing a wikilink opened before `start`. Stops at a line end, a single `]`
 * or a nested `[`, so a stray `[[` costs at most a scan to the next bracket, never the whole text.
 */
function closingBrackets(src: string, start: number, max: number): number {
  for (let i = start; i < max; i++) {
    const c = src.charCodeAt(i);
    if (c === NEWLINE || c === OPEN) return -1;
    if (c === CLOSE) return src.charCodeAt(i + 1) === CLOSE && i + 1 < max ? i : -1;
  }
  return -1;
}

function wikilinkRule(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const pos = state.pos;
  const first = src.charCodeAt(pos);
  if (first !== OPEN && first !== BANG) return false;
  const embed = first === BANG;
  const open = embed ? pos + 1 : pos;
  if (src.charCodeAt(open) !== OPEN || src.charCodeAt(open + 1) !== OPEN) return false;
  const end = closingBrackets(src, open + 2, state.posMax);
  if (end < 0) return false;
  const inner = src.slice(open + 2, end);
  const parts = parseWikilinkInner(inner);
  if (!parts.target && parts.anchor === null) return false; // `[[]]`, `[[ | x]]`: not a link
  if (!silent) {
    const token = state.push(embed ? EMBED_TOKEN : WIKILINK_TOKEN, '', 0);
    token.content = inner;
    token.markup = embed ? '![[' : '[[';
    const meta: WikilinkMeta = { ...parts, embed, pos };
    token.meta = meta as unknown as Record<string, unknown>;
  }
  state.pos = end + 2;
  return true;
}

function defaultHref(link: WikilinkParts): string {
  return encodeURI(link.target + (link.anchor === null ? '' : `#${link.anchor}`));
}

/** markdown-it plugin: `md.use(wikilinks)` or `md.use(wikilinks, { href })`. */
export function wikilinks(md: MarkdownIt, options: WikilinkOptions = {}): void {
  // Before `link`, so `[[x]]` is never read as a shortcut reference link `[x]` in brackets.
  md.inline.ruler.before('link', 'wikilink', wikilinkRule);
  const href = options.href ?? defaultHref;
  const escape = md.utils.escapeHtml;
  md.renderer.rules[WIKILINK_TOKEN] = (tokens, idx) => {
    const link = tokens[idx]?.meta as unknown as WikilinkMeta;
    return `<a class="wikilink" href="${escape(href(link))}" data-target="${escape(link.target)}">${escape(wikilinkDisplay(link))}</a>`;
  };
  md.renderer.rules[EMBED_TOKEN] = (tokens, idx) => {
    const link = tokens[idx]?.meta as unknown as WikilinkMeta;
    const anchor = link.anchor === null ? '' : ` data-anchor="${escape(link.anchor)}"`;
    // an image's label is its size or alt text: two embeds of one file may differ in it alone
    const label = link.label === null ? '' : ` data-label="${escape(link.label)}"`;
    return `<span class="wikilink-embed" data-target="${escape(link.target)}"${anchor}${label}>${escape(wikilinkDisplay(link))}</span>`;
  };
}
