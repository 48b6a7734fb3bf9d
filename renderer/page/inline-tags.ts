// Inline `#tags` drawn as tag links, to a search filtered by the tag (as the page head's tags are).
// Which `#` starts a tag is shared/markdown/tags.ts's rule, the one the indexer applies, so what is
// drawn as a tag is what the page is found by.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { tagSpans } from '../../shared/markdown/tags.ts';
import { screenHref } from '../app/route.ts';

export const tagHref = (tag: string) => screenHref('search', { q: tag, tags: tag });

function tagToken(state: StateCore, tag: string): Token {
  const token = new state.Token('obsidian_tag', 'a', 0);
  token.content = tag;
  return token;
}

function textToken(state: StateCore, content: string): Token {
  const token = new state.Token('text', '', 0);
  token.content = content;
  return token;
}

/** The children with each tag's text split out into a tag token. */
function withTags(state: StateCore, children: Token[]): Token[] {
  const spans = tagSpans(children);
  if (spans.length === 0) return children;
  const out: Token[] = [];
  children.forEach((child, i) => {
    const mine = spans.filter((s) => s.child === i);
    if (mine.length === 0) return void out.push(child);
    let from = 0;
    for (const s of mine) {
      if (s.from > from) out.push(textToken(state, child.content.slice(from, s.from)));
      out.push(tagToken(state, s.tag));
      from = s.to;
    }
    if (from < child.content.length) out.push(textToken(state, child.content.slice(from)));
  });
  return out;
}

function inlineTagRule(state: StateCore): void {
  for (const token of state.tokens) if (token.type === 'inline' && token.children) token.children = withTags(state, token.children);
}

/** markdown-it plugin: `md.use(inlineTags)`. */
export function inlineTags(md: MarkdownIt): void {
  md.core.ruler.push('obsidian_tags', inlineTagRule);
  const escape = md.utils.escapeHtml;
  md.renderer.rules['obsidian_tag'] = (tokens, idx) => {
    const tag = tokens[idx]!.content;
    return `<a class="tag" href="${escape(tagHref(tag))}">#${escape(tag)}</a>`;
  };
}
