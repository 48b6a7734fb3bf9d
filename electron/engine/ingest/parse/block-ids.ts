// The block ids a page defines (the rule itself is shared/markdown/block-ids.ts).
import { BLOCK_ID } from '../../../../shared/markdown/block-ids.ts';
import type { InlineBlock } from './inline.ts';

export function blockIds(blocks: InlineBlock[]): string[] {
  const ids = new Set<string>();
  for (const block of blocks) {
    const content = block.token.content;
    if (block.heading || !content.includes('^')) continue;
    for (const match of content.matchAll(BLOCK_ID)) ids.add(match[1]!);
  }
  return [...ids];
}
