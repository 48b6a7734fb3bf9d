// Two Obsidian conventions markdown-it does not know: `^block-id` markers, which are metadata and
// hidden in a rendered page (the block keeps the id as data-block-id), and callouts, blockquotes
// that open with `[!type] Title`.
import { BLOCK_ID } from '../../shared/markdown/block-ids.ts';

const CALLOUT = /^\[!([A-Za-z][\w-]*)\]([+-]?)[ \t]*(.*)$/;

export function hideBlockIds(root: DocumentFragment): void {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const text of texts) {
    const value = text.data;
    if (!value.includes('^') || text.parentElement?.closest('code, pre')) continue;
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

export function renderCallouts(root: DocumentFragment): void {
  for (const quote of root.querySelectorAll('blockquote')) {
    const first = quote.firstElementChild;
    const lead = first?.tagName === 'P' ? first.firstChild : null;
    if (!lead || lead.nodeType !== 3) continue;
    const lines = (lead as Text).data.split('\n');
    const m = CALLOUT.exec(lines[0]!);
    if (!m) continue;
    const type = m[1]!.toLowerCase();
    quote.classList.add('callout', `callout-${type}`);
    quote.setAttribute('data-callout', type);
    const title = quote.ownerDocument.createElement('div');
    title.className = 'callout-title';
    title.textContent = m[3] || type.charAt(0).toUpperCase() + type.slice(1);
    quote.insertBefore(title, first);
    (lead as Text).data = lines.slice(1).join('\n');
    if (!first!.textContent?.trim() && first!.children.length === 0) first!.remove();
  }
}
