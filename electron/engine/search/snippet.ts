// A short excerpt of the winning section, as text, around the first query word it contains.
import { readerText } from './reader-text.ts';
import { contentWords } from './terms.ts';

const WIDTH = 220;

export function snippet(text: string, query: string): string {
  const flat = readerText(text);
  if (flat.length <= WIDTH) return flat;
  const lower = flat.toLowerCase();
  const hits = contentWords(query)
    .map((w) => lower.search(new RegExp(`(^|[^\\p{L}\\p{N}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'u')))
    .filter((i) => i >= 0);
  const at = hits.length ? Math.min(...hits) : 0;
  const start = Math.max(0, Math.min(at - 60, flat.length - WIDTH));
  const cut = flat.slice(start, start + WIDTH);
  return `${start > 0 ? '…' : ''}${cut}${start + WIDTH < flat.length ? '…' : ''}`;
}
