// Inline content of a page: each inline token with the body line its source starts on (the text
// its children render to is shared/markdown/inline-text.ts).
import type { Token } from 'markdown-it';

export interface InlineBlock {
  token: Token;
  /** 0-based body line of the inline source's first line. */
  line: number;
  /** Whether the inline is a heading's text. */
  heading: boolean;
}

/**
 * Every inline token in document order. Table cells carry no line map of their own, so an
 * inline without one takes the line of the nearest block before it (its row).
 */
export function inlineBlocks(tokens: Token[]): InlineBlock[] {
  const out: InlineBlock[] = [];
  let line = 0;
  let previous: Token | undefined;
  for (const token of tokens) {
    if (token.map) line = token.map[0];
    if (token.type === 'inline') {
      out.push({ token, line, heading: previous?.type === 'heading_open' });
    }
    previous = token;
  }
  return out;
}
