// Obsidian's inline tags (`#idea`, nested `#project/alpha`) in an inline token's children, by
// Obsidian's rules: a `#` at the start of the text or after whitespace, then letters, digits, `_`,
// `-` and `/`, with at least one character that is not a digit (`#1984` is no tag). Code spans,
// links, wikilinks, images and `%%comments%%` within one paragraph hold none; a heading's `# ` is
// markup, never a tag. Not yet: a `%%` block that spans a blank line hides its tags when drawn, but
// they are found here.
// Pure (no Node): the engine indexes the tags it finds, the renderer draws the same spans as links.
import type { Token } from 'markdown-it';

/** Where a tag is in one child's `content`: `from` is the `#`, `to` the end of the name. */
export interface TagSpan {
  child: number;
  from: number;
  to: number;
  /** Without the `#`. */
  tag: string;
}

const TAG = /#([\p{L}\p{M}\p{N}_\-/]+)/gu;
const SPACE = /\s/u;
const COMMENT = '%%';

/** The name a run of tag characters makes: trailing `/` dropped; null when it is no tag. */
function tagName(run: string): string | null {
  const name = run.replace(/\/+$/, '');
  return /\D/u.test(name) && !name.startsWith('/') ? name : null;
}

/** Offsets of `text` outside `%%comments%%`, given whether a comment was open when it began. */
function uncommented(text: string, open: boolean): { ranges: [number, number][]; open: boolean } {
  const ranges: [number, number][] = [];
  let from = 0;
  let inComment = open;
  for (let at = text.indexOf(COMMENT); at >= 0; at = text.indexOf(COMMENT, from)) {
    if (!inComment) ranges.push([from, at]);
    inComment = !inComment;
    from = at + COMMENT.length;
  }
  if (!inComment) ranges.push([from, text.length]);
  return { ranges, open: inComment };
}

function scanText(text: string, child: number, before: string, ranges: [number, number][], out: TagSpan[]): void {
  for (const [start, end] of ranges) {
    const part = text.slice(start, end);
    for (const m of part.matchAll(TAG)) {
      const at = start + m.index;
      const prev = at === 0 ? before : text[at - 1]!;
      const name = tagName(m[1]!);
      if (name && SPACE.test(prev)) out.push({ child, from: at, to: at + 1 + name.length, tag: name });
    }
  }
}

/** Every tag in an inline token's children, in order. */
export function tagSpans(children: Token[] | null): TagSpan[] {
  const out: TagSpan[] = [];
  let inLink = 0;
  let inComment = false;
  let before = ' '; // the start of a block counts as after whitespace
  (children ?? []).forEach((t, i) => {
    if (t.type === 'link_open') inLink++;
    else if (t.type === 'link_close') inLink = Math.max(0, inLink - 1);
    if (t.type === 'text') {
      const { ranges, open } = uncommented(t.content, inComment);
      inComment = open;
      if (inLink === 0) scanText(t.content, i, before, ranges, out);
      if (t.content) before = t.content[t.content.length - 1]!;
    } else if (t.type === 'softbreak' || t.type === 'hardbreak') before = '\n';
    else if (t.nesting === 0) before = 'x'; // code, a wikilink, an image, HTML: text a tag may not follow
  });
  return out;
}

/** The tags of an inline token's children, without the `#`. */
export function inlineTags(children: Token[] | null): string[] {
  return tagSpans(children).map((s) => s.tag);
}

/**
 * Tags merged as one list: deduplicated ignoring case (Obsidian's tags are), the first spelling
 * kept, frontmatter's before the body's.
 */
export function mergeTags(...lists: string[][]): string[] {
  const tags = new Map<string, string>();
  for (const tag of lists.flat()) if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  return [...tags.values()];
}

/** Whether a page tagged `tag` matches a filter on `filter`: the tag itself or one nested under it, any case. */
export function tagMatches(tag: string, filter: string): boolean {
  const t = tag.toLowerCase();
  const f = filter.replace(/^#/, '').toLowerCase();
  return t === f || t.startsWith(`${f}/`);
}
