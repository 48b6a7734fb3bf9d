// The body as words for full-text search: markup gone, link labels and targets, image alt
// text and code kept, comments and block anchors dropped.
import type { Token } from 'markdown-it';
import { BLOCK_ID } from '../../../../shared/markdown/block-ids.ts';
import { withoutComments } from './comments.ts';
import { inlineText } from './inline.ts';

// `[^<>]` bounds each attempt by the next `<`, keeping a page of stray `<` linear.
const TAG = /<[^<>]*>/g;

function htmlText(html: string): string {
  return withoutComments(html).replace(TAG, ' ').replace(/[ \t]+/g, ' ').trim();
}

function withoutBlockIds(text: string): string {
  return text.includes('^') ? text.replace(BLOCK_ID, '') : text;
}

export function plainText(tokens: Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    let text = '';
    if (token.type === 'inline') text = withoutBlockIds(inlineText(token.children, '\n'));
    else if (token.type === 'fence' || token.type === 'code_block') text = token.content;
    else if (token.type === 'html_block') text = htmlText(token.content);
    text = text.trim();
    if (text) parts.push(text);
  }
  return parts.join('\n');
}
