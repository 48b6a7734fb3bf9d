// Obsidian/Foam block anchors: `^id` ending a line of a paragraph, list item or table, the
// target of `[[page#^id]]`.
import type { InlineBlock } from './inline.ts';

// Preceded by whitespace (or alone on its line) so `x^2` or `a^b` in prose is not an anchor; or
// straight after an embed or a link (`![[image.png]]^id`, `[t](x)^id`), as Obsidian reads it.
export const BLOCK_ID = /(?:^|[ \t]|(?<=\]\]|\)))\^([A-Za-z0-9][A-Za-z0-9_-]*)[ \t]*$/gm;

export function blockIds(blocks: InlineBlock[]): string[] {
  const ids = new Set<string>();
  for (const block of blocks) {
    const content = block.token.content;
    if (block.heading || !content.includes('^')) continue;
    for (const match of content.matchAll(BLOCK_ID)) ids.add(match[1]!);
  }
  return [...ids];
}
