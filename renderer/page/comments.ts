// Obsidian's `%%comments%%`: kept in the file, never drawn. Inline (`text %%note%% text`, across
// the lines of one paragraph) and as a block (`%%` opening a line, closed by a line holding `%%`,
// however many lines later). A `%%` in code stays code: code rules run before these see it, and an
// unclosed `%%` is plain text, as in Obsidian's reading view.
import type { MarkdownIt, StateBlock, StateInline } from 'markdown-it';

const MARK = '%%';
const PERCENT = 0x25;

function inlineComment(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== PERCENT || src.charCodeAt(pos + 1) !== PERCENT) return false;
  const end = src.indexOf(MARK, pos + MARK.length);
  if (end < 0 || end + MARK.length > state.posMax) return false;
  void silent; // nothing is drawn either way
  state.pos = end + MARK.length;
  return true;
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
}

function blockComment(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false; // indented code
  const first = lineText(state, startLine);
  if (!first.startsWith(MARK)) return false;
  // the line after the opening `%%` may close it (`%%one line%%` alone on its line)
  let line = startLine;
  let rest = first.slice(MARK.length);
  while (!rest.includes(MARK)) {
    line++;
    if (line >= endLine) return false;
    rest = lineText(state, line);
  }
  // text after the closing mark: a paragraph with an inline comment in it
  if (rest.indexOf(MARK) !== rest.trimEnd().length - MARK.length) return false;
  if (silent) return true;
  state.line = line + 1;
  const token = state.push('obsidian_comment', '', 0);
  token.map = [startLine, state.line];
  token.hidden = true;
  return true;
}

/** markdown-it plugin: `md.use(obsidianComments)`. */
export function obsidianComments(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'obsidian_comment', inlineComment);
  md.block.ruler.before('paragraph', 'obsidian_comment', blockComment, { alt: ['paragraph'] });
  md.renderer.rules['obsidian_comment'] = () => '';
}
