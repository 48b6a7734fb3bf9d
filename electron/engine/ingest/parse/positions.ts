// markdown-it records block lines (`token.map`) but not where an inline token starts. Links and
// inline comments need that offset for their line number, so this plugin wraps the rules that
// make them and stores the start on `token.meta.pos` (wikilinks store it themselves).
import type { MarkdownIt, StateInline, Token } from 'markdown-it';

type InlineRule = (state: StateInline, silent: boolean) => boolean;

/** Inline rule name → type of the token whose start it should record. */
const RECORDED: Record<string, string> = {
  link: 'link_open',
  image: 'image',
  html_inline: 'html_inline',
};

export function sourceOffset(token: Token): number | null {
  const pos = token.meta?.['pos'];
  return typeof pos === 'number' ? pos : null;
}

function recordStart(tokens: Token[], from: number, type: string, pos: number): void {
  // A rule may first flush pending text into a token, so look for the first token of the type.
  for (let i = from; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.type === type) {
      token.meta = { ...token.meta, pos };
      return;
    }
  }
}

function wrap(md: MarkdownIt, name: string, type: string): void {
  // The ruler has no public getter for one rule; its typed rule list is the only way to wrap it.
  const rule = md.inline.ruler.__rules__.find((r) => r.name === name);
  if (!rule) return;
  const original: InlineRule = rule.fn;
  md.inline.ruler.at(name, (state, silent) => {
    const start = state.pos;
    const before = state.tokens.length;
    if (!original(state, silent)) return false;
    if (!silent) recordStart(state.tokens, before, type, start);
    return true;
  });
}

export function sourcePositions(md: MarkdownIt): void {
  for (const [name, type] of Object.entries(RECORDED)) wrap(md, name, type);
}
