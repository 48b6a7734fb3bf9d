// Comparing a link's `#anchor` with a page's headings the forgiving way Obsidian does, so that
// `[[p#Fusion: RRF vs Convex]]`, `[x](p.md#fusion-rrf-vs-convex)` and `## Fusion — RRF vs convex`
// all meet. Pure: the engine checks anchors with it, the renderer can scroll with it.

// Dashes of any kind separate words like spaces do; `a-b`, `a b` and `a — b` are one anchor.
const SEPARATORS = /[\s\p{Pd}]+/gu;
// Everything else that is not a letter, mark or number is noise (`:`, `'`, emoji, `^`...).
const NOISE = /[\p{P}\p{S}]/gu;
// GitHub numbers repeated headings: `#setup-1` is the second "Setup".
const DUPLICATE_SUFFIX = /^(.*)-(\d+)$/;

/** Lowercase, punctuation stripped, whitespace and hyphens collapsed to single `-`, trimmed. */
export function normalizeAnchor(s: string): string {
  return s.normalize('NFC').toLowerCase().replace(SEPARATORS, ' ').replace(NOISE, '').trim().replace(/ +/g, '-');
}

/**
 * Whether `anchor` names a heading (by normalized text) or a block (`^id`) of a page.
 * No anchor, or an empty one, always matches: the link is to the page itself.
 * `[[p#A#B]]` (Obsidian's heading path) is checked by its last heading.
 */
export function anchorMatches(anchor: string | null, headings: readonly { text: string }[], blockIds: readonly string[]): boolean {
  const wanted = anchor?.trim() ?? '';
  if (wanted === '') return true;
  if (wanted.startsWith('^')) {
    const id = wanted.slice(1).toLowerCase();
    return blockIds.some((b) => b.toLowerCase() === id);
  }
  const last =
    wanted
      .split('#')
      .filter((s) => s.trim() !== '')
      .pop() ?? '';
  const slug = normalizeAnchor(last);
  const slugs = headings.map((h) => normalizeAnchor(h.text));
  if (slugs.includes(slug)) return true;
  const numbered = DUPLICATE_SUFFIX.exec(slug);
  if (numbered === null) return false;
  const [, base, n] = numbered;
  return slugs.filter((s) => s === base).length > Number(n);
}
