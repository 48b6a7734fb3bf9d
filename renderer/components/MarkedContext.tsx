// A sentence around a link or a mention, as written, with the link or the mentioning words marked:
// how the backlinks and unlinked mentions panes show where another page points here.

/** Wikilinks, embeds and markdown links as written. */
const WRITTEN_LINK = /!?\[\[[^\]\n]*\]\]|!?\[[^\]\n]*\]\([^)\n]*\)/g;

/** Where in `text` the link to `target` is written: the first link naming it, else the first link. */
export function linkSpan(text: string, target: string): [number, number] | null {
  const links = [...text.matchAll(WRITTEN_LINK)];
  const named = links.find((m) => m[0].toLowerCase().includes(target.toLowerCase())) ?? links[0];
  return named ? [named.index, named.index + named[0].length] : null;
}

export function MarkedContext({ text, span }: { text: string; span: [number, number] | null }) {
  if (!span) return <>{text}</>;
  return (
    <>
      {text.slice(0, span[0])}
      <mark>{text.slice(span[0], span[1])}</mark>
      {text.slice(span[1])}
    </>
  );
}
