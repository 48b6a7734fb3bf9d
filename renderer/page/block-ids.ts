// `^block-id` markers, an Obsidian convention markdown-it does not know: they are metadata, hidden
// in a rendered page, and the block keeps the id as data-block-id (block embeds find it there).
import { BLOCK_ID } from '../../shared/markdown/block-ids.ts';

export function hideBlockIds(root: DocumentFragment): void {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const text of texts) {
    const value = text.data;
    if (!value.includes('^') || text.parentElement?.closest('code, pre, a')) continue;
    let id: string | null = null;
    const stripped = value.replace(BLOCK_ID, (_, found: string) => {
      id ??= found;
      return '';
    });
    if (id === null) continue;
    text.data = stripped;
    text.parentElement?.closest('p, li, td, th, blockquote')?.setAttribute('data-block-id', id);
  }
}
