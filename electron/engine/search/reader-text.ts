// A chunk's markdown as the text a reader sees, for snippets: paragraphs, headings, list items and
// table cells as text (cells of a row joined by " · "), code blocks, HTML and comments left out,
// and Obsidian's own markup (callout markers, ==highlights==, %%comments%%, block ids, footnotes,
// task boxes) dropped. Agents get it over MCP and HTTP too, so it is made here, not in a screen.
import MarkdownIt, { type Token } from 'markdown-it';
import { BLOCK_ID } from '../../../shared/markdown/block-ids.ts';
import { inlineText } from '../../../shared/markdown/inline-text.ts';
import { wikilinks } from '../../../shared/markdown/wikilinks.ts';

const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false }).use(wikilinks);

const OBSIDIAN_COMMENT = /%%[\s\S]*?(%%|$)/g;
const FOOTNOTE_DEFINITION = /^\[\^[^\]\s]+\]:.*$/gm;
const FOOTNOTE_REF = /\[\^[^\]\s]+\]/g;
const CALLOUT_MARKER = /^\[![\w-]+\][+-]?\s*/;
const TASK_BOX = /^\[[ xX]\]\s+/;
const HIGHLIGHT = /==(?=\S)([^=\n]*?\S)==/g;

/** One inline block's text, with the markup markdown-it does not know about taken off. */
function blockText(inline: Token): string {
  return inlineText(inline.children)
    .replace(CALLOUT_MARKER, '')
    .replace(TASK_BOX, '')
    .replace(HIGHLIGHT, '$1')
    .replace(FOOTNOTE_REF, '')
    .replace(BLOCK_ID, '')
    .trim();
}

export function readerText(markdown: string): string {
  const tokens = md.parse(markdown.replace(OBSIDIAN_COMMENT, ' ').replace(FOOTNOTE_DEFINITION, ''), {});
  const blocks: string[] = [];
  let row: string[] | null = null;
  for (const t of tokens) {
    if (t.type === 'tr_open') row = [];
    else if (t.type === 'tr_close' && row) {
      blocks.push(row.filter(Boolean).join(' · '));
      row = null;
    } else if (t.type === 'inline') (row ?? blocks).push(blockText(t));
  }
  return blocks.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}
