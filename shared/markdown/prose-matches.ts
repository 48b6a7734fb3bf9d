// Where a pattern matches in prose, not inside markup that already means something: a wikilink or a
// markdown link (its label included), a code span, a URL. Turning a mention into a link must only
// touch prose, and the engine (which offers the words) and the renderer (which places the link)
// must agree on which words those are, so both find them here.

/** `s` matched literally inside a RegExp. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wikilinks and embeds, markdown links and images, code spans, and bare or angle-bracketed URLs. */
const NOT_PROSE = /!?\[\[[^\]\n]*\]\]|!?\[[^\]\n]*\]\([^)\n]*\)|(`+)[^`][\s\S]*?\1|<?\b[a-z][a-z0-9+.-]*:\/\/[^\s>]+>?/giu;

function markupSpans(text: string): [number, number][] {
  return [...text.matchAll(NOT_PROSE)].map((m) => [m.index, m.index + m[0].length]);
}

/** The first match of `pattern` in `text`, from `offset` on, that lies wholly in prose. */
export function firstInProse(text: string, pattern: RegExp, offset = 0): { from: number; to: number } | null {
  const spans = markupSpans(text);
  const all = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '') + 'g');
  all.lastIndex = offset;
  for (let m = all.exec(text); m; m = all.exec(text)) {
    const from = m.index;
    const to = from + m[0].length;
    if (!spans.some(([a, b]) => from < b && to > a)) return { from, to };
    if (!m[0].length) all.lastIndex++;
  }
  return null;
}
