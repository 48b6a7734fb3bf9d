// `refs:` and `sources:` in frontmatter are edges like inline links; each item keeps the file
// line it is written on, read from the YAML node ranges, so reports can point at it.
import { isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import type { LinkKind } from '../../../../shared/page.ts';
import { parseWikilinkInner } from '../../../../shared/markdown/wikilinks.ts';
import type { ParsedLink } from './types.ts';

/** Keys under which an item written as a mapping names its target (`- path: src/x.ts`). */
const TARGET_KEYS = ['key', 'path', 'url', 'target', 'ref', 'source'];
const BRACKETED = /^\[\[(.*)\]\]$/;

function itemText(item: unknown): string | null {
  if (isScalar(item)) {
    const v = item.value;
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : null;
  }
  if (isMap(item)) {
    for (const key of TARGET_KEYS) {
      const v = item.get(key);
      if (typeof v === 'string' && v.trim()) return v.trim();
    }
  }
  return null;
}

/** A ref names a page: `key`, `key#Heading` or `[[key#Heading|label]]` as Obsidian users write. */
function refLink(text: string): Omit<ParsedLink, 'line' | 'kind' | 'column'> {
  const inner = BRACKETED.exec(text)?.[1] ?? text;
  return parseWikilinkInner(inner);
}

/** A source is anything outside the wiki (path, URL, table): kept whole, `#` included. */
function sourceLink(text: string): Omit<ParsedLink, 'line' | 'kind' | 'column'> {
  const inner = BRACKETED.exec(text)?.[1]?.trim() ?? text;
  return { target: inner, anchor: null, label: null };
}

function fieldLinks(doc: Document.Parsed, field: string, kind: LinkKind, fileLine: (offset: number) => number): ParsedLink[] {
  const node = doc.get(field, true) as Node | undefined;
  const items: unknown[] = isSeq(node) ? node.items : node ? [node] : [];
  const links: ParsedLink[] = [];
  for (const item of items) {
    const text = itemText(item);
    if (!text) continue;
    const range = (item as Node).range;
    const parts = kind === 'ref' ? refLink(text) : sourceLink(text);
    if (!parts.target && parts.anchor === null) continue;
    links.push({ line: fileLine(range?.[0] ?? 0), ...parts, kind, column: null });
  }
  return links;
}

export function frontmatterEdges(doc: Document.Parsed, fileLine: (offset: number) => number): ParsedLink[] {
  const links = [...fieldLinks(doc, 'refs', 'ref', fileLine), ...fieldLinks(doc, 'sources', 'source', fileLine)];
  return links.sort((a, b) => a.line - b.line); // document order, like inline links
}
