// Provenance comments `<!-- from: path -->`: where a page's content came from, kept with their
// line. Read from HTML tokens, so a comment shown inside a code example is not provenance.
import type { Token } from 'markdown-it';
import type { Provenance } from '../../../../shared/page.ts';
import { htmlComments } from './comments.ts';
import type { InlineBlock } from './inline.ts';
import { LineCursor } from './lines.ts';
import { sourceOffset } from './positions.ts';

const FROM = /^\s*from:([\s\S]*)$/i; // greedy and trimmed after: no backtracking on long bodies

function commentsIn(html: string, cursor: LineCursor, base: number, out: Provenance[]): void {
  for (const comment of htmlComments(html)) {
    const from = FROM.exec(comment.body)?.[1]?.trim();
    if (from) out.push({ from, line: cursor.lineAt(base + comment.start) });
  }
}

/** Provenance in HTML blocks and inline HTML, in document order. */
export function provenance(tokens: Token[], inlines: InlineBlock[], bodyLine: number): Provenance[] {
  const out: Provenance[] = [];
  for (const token of tokens) {
    if (token.type !== 'html_block') continue;
    commentsIn(token.content, new LineCursor(token.content, bodyLine + (token.map?.[0] ?? 0)), 0, out);
  }
  for (const { token, line } of inlines) {
    if (!token.content.includes('<!--')) continue;
    const cursor = new LineCursor(token.content, bodyLine + line);
    for (const child of token.children ?? []) {
      if (child.type === 'html_inline') commentsIn(child.content, cursor, sourceOffset(child) ?? 0, out);
    }
  }
  return out.sort((a, b) => a.line - b.line);
}
