// Unlinked mentions: the pages whose prose names a page (its key, title or an alias, as the concept
// matcher found them: ingest/page-mentions.ts keeps each page's first mention of each concept) and
// that do not link to it, each with the sentence around its first mention and the words as written
// there, so a person can see whether it means this page and link it.
import type { PageRef, UnlinkedMention } from '../../../shared/page.ts';
import type { Viewer } from '../../../shared/viewer.ts';
import { conceptNames } from './names.ts';
import type { MentionLine } from '../store/links.ts';
import type { Store } from '../store/store.ts';
import { paragraphAt, sentenceAround } from '../graph/link-context.ts';
import { pageNamedOrThrow } from '../graph/page-ref.ts';
import { escapeRegExp, firstInProse } from '../../../shared/markdown/prose-matches.ts';

/** Pages listed: what a person reads through, and a bounded read of chunks. */
const MENTIONS_LISTED = 100;

/** A name's words as prose may write them: any case, any punctuation between words, a plural. */
function namePattern(name: string): RegExp | null {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+')}(?:e?s)?(?![\\p{L}\\p{N}])`, 'iu');
}

/** The earliest place in `text`, from `offset` on, one of the patterns matches in prose (not in a link, code or a URL). */
function firstName(text: string, offset: number, patterns: RegExp[]): { from: number; to: number } | null {
  let best: { from: number; to: number } | null = null;
  for (const p of patterns) {
    const found = firstInProse(text, p, offset);
    if (found && (!best || found.from < best.from)) best = found;
  }
  return best;
}

function mentionOf(row: MentionLine, patterns: RegExp[]): UnlinkedMention {
  const para = paragraphAt(row, row.line);
  const found = para && firstName(para.text, para.offset, patterns);
  const context = para && (found ? sentenceAround(para.text, found.from, found.to) : sentenceAround(para.text, para.offset, para.offset));
  return {
    root: row.root,
    path: row.path,
    key: row.key,
    title: row.title,
    scope: { kind: row.scope, agent: row.agent },
    line: row.line,
    count: row.n,
    context: context || null,
    phrase: found && para ? para.text.slice(found.from, found.to) : null,
  };
}

export async function unlinkedMentions(store: Store, ref: PageRef, viewer: Viewer): Promise<{ mentions: UnlinkedMention[] }> {
  const page = await pageNamedOrThrow(store, ref, viewer);
  const names = conceptNames(page.key, { tags: [], title: page.title, frontmatter: JSON.parse(page.frontmatter) as Record<string, unknown> });
  const patterns = names.map((n) => namePattern(n.name)).filter((p): p is RegExp => p !== null);
  const rows = await store.links.unlinkedMentions(page.id, viewer, MENTIONS_LISTED);
  // a page that names two of this page's concepts (its title and an alias) is listed once, at its first
  const first = new Map<string, MentionLine>();
  for (const r of rows) {
    const at = `${r.root}\0${r.path}`;
    const had = first.get(at);
    if (!had || r.line < had.line) first.set(at, r);
  }
  return { mentions: [...first.values()].map((r) => mentionOf(r, patterns)) };
}
