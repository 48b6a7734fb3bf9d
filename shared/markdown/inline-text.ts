// The text a reader sees of an inline token's children: markup dropped, link labels and image alt
// text kept. Pure: the indexer reads headings and link labels with it, search makes snippets.
import type { Token } from 'markdown-it';
import { wikilinkDisplay, wikilinkMeta } from './wikilinks.ts';

export function inlineText(children: Token[] | null, lineBreak = ' '): string {
  if (!children) return '';
  let out = '';
  for (const t of children) {
    switch (t.type) {
      case 'text':
      case 'code_inline':
        out += t.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        out += lineBreak;
        break;
      case 'image':
        out += inlineText(t.children, lineBreak);
        break;
      default: {
        const link = wikilinkMeta(t);
        if (link) out += wikilinkDisplay(link);
      }
    }
  }
  return out;
}
