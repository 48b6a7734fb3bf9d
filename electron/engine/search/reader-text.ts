// A chunk's markdown as the text a reader sees, for snippets: paragraphs, list items and table
// cells as text (cells of a row, and a heading or callout title from what follows, set apart by
// " · "), code blocks, HTML and comments left out, and Obsidian's own markup (callout markers,
// ==highlights==, %%comments%%, block ids, footnotes, task boxes) dropped. The section's own
// heading is left out: a result shows it beside the snippet. Agents get snippets over MCP and
// HTTP too, so they are made here, not in a screen.
import MarkdownIt, { type Token } from 'markdown-it';
import { BLOCK_ID } from '../../../shared/markdown/block-ids.ts';
import { inlineText } from '../../../shared/markdown/inline-text.ts';
import { wikilinks } from '../../../shared/markdown/wikilinks.ts';

const md = new MarkdownIt('default', { html: true, linkify: false, typographer: false }).use(wikilinks);

const OBSIDIAN_COMMENT = /%%[\s\S]*?(%%|$)/g;
const FOOTNOTE_DEFINITION = /^\[\^[^\]\s]+\]:.*$/gm;
const FOOTNOTE_REF = /\[\^[^\]\s]+\]/g;
const CALLOUT_MARKER = /^\[![\w-]+\][+-]?[ \t]*/;
const TASK_BOX = /^\[[ xX]\]\s+/;
const HIGHLIGHT = /==(?=\S)([^=\n]*?\S)==/g;

const SEPARATOR = ' · ';

/** `re` taken out of `text`, tried only where its marker occurs (most prose has none: snippets stay cheap). */
const drop = (text: string, marker: string, re: RegExp, by = '') => (text.includes(marker) ? text.replace(re, by) : text);

/** A block id ends a line of text: taken off the text token there, so code ending a line keeps its `^x`. */
function dropBlockIds(children: Token[]): void {
  for (const [i, t] of children.entries()) {
    const next = children[i + 1]?.type;
    if (t.type === 'text' && t.content.includes('^') && (next === undefined || next === 'softbreak' || next === 'hardbreak')) {
      t.content = t.content.replace(BLOCK_ID, '');
    }
  }
}

/** One inline block's text, with the markup markdown-it does not know about taken off. */
function blockText(inline: Token): string {
  dropBlockIds(inline.children ?? []);
  let text = inlineText(inline.children, '\n');
  const callout = CALLOUT_MARKER.exec(text);
  if (callout) text = text.slice(callout[0].length).replace('\n', SEPARATOR);
  text = drop(text, '[', TASK_BOX);
  text = drop(text, '==', HIGHLIGHT, '$1');
  return drop(text, '[^', FOOTNOTE_REF).trim();
}

export function readerText(markdown: string): string {
  const tokens = md.parse(drop(drop(markdown, '%%', OBSIDIAN_COMMENT, ' '), '[^', FOOTNOTE_DEFINITION), {});
  const blocks: string[] = [];
  let row: string[] | null = null;
  for (const [i, t] of tokens.entries()) {
    if (t.type === 'tr_open') row = [];
    else if (t.type === 'tr_close' && row) {
      blocks.push(row.filter(Boolean).join(SEPARATOR));
      row = null;
    } else if (t.type === 'inline') {
      const heading = tokens[i - 1]?.type === 'heading_open';
      if (heading && blocks.length === 0) continue;
      const text = blockText(t);
      (row ?? blocks).push(heading && text ? `${text}${SEPARATOR}` : text);
    }
  }
  return blocks.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
}
