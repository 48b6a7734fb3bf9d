// The prose of a page as concept matching reads it: the text of every inline block (paragraphs,
// headings, list items, table cells), code spans, code blocks, HTML and link targets left out,
// each line's normal words (concepts/words.ts) kept with its file line. Computed in the parse
// worker, so matching a page against the concept dictionary never parses markdown again.
import type { Token } from 'markdown-it';
import { wikilinkDisplay, wikilinkMeta } from '../../../../shared/markdown/wikilinks.ts';
import { normalWords } from '../../concepts/words.ts';
import type { InlineBlock } from './inline.ts';

/** Lines of `line<TAB>word word …`, one per source line with words, in document order. */
export function proseLines(blocks: InlineBlock[], bodyLine: number): string {
  const out: string[] = [];
  for (const block of blocks) {
    let line = bodyLine + block.line;
    let text = '';
    const flush = () => {
      const words = normalWords(text);
      if (words.length) out.push(`${line}\t${words.join(' ')}`);
      text = '';
    };
    const walk = (children: Token[] | null) => {
      for (const t of children ?? []) {
        if (t.type === 'text') text += t.content;
        else if (t.type === 'softbreak' || t.type === 'hardbreak') {
          flush();
          line++;
        } else if (t.type === 'image') walk(t.children);
        else if (t.type === 'code_inline' || t.type === 'html_inline')
          flush(); // no phrase spans code
        else {
          const link = wikilinkMeta(t);
          if (link) text += ` ${wikilinkDisplay(link)} `;
        }
      }
    };
    walk(block.token.children);
    flush();
  }
  return out.join('\n');
}
