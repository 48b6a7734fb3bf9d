// parsePage: one page's text in, everything the index stores about it out. Pure and total:
// any input gives a best-effort result, because one odd file must never stop a run.
import type { Token } from 'markdown-it';
import { blockIds } from './block-ids.ts';
import { chunkPage } from './chunk.ts';
import { pageSummary, pageTags, pageTitle } from './fields.ts';
import { noFrontmatter, parseFrontmatter, splitFrontmatter, type Frontmatter } from './frontmatter.ts';
import { headingBlocks, toHeading, type HeadingBlock } from './headings.ts';
import { inlineBlocks } from './inline.ts';
import { inlineLinks } from './links.ts';
import { tokenize } from './markdown.ts';
import { provenance } from './provenance.ts';
import { proseLines } from './prose.ts';
import { signatureOf } from '../../concepts/matcher.ts';
import { inlineTags, mergeTags } from '../../../../shared/markdown/tags.ts';
import type { ParsedPage } from './types.ts';

export type { FrontmatterError, ParsedChunk, ParsedLink, ParsedPage } from './types.ts';

type BodyFacts = Pick<ParsedPage, 'headings' | 'blockIds' | 'links' | 'provenance' | 'chunks' | 'prose' | 'proseSig' | 'tags'>;

function bodyFacts(key: string, body: string, bodyLine: number): BodyFacts {
  const tokens: Token[] = tokenize(body);
  const inlines = inlineBlocks(tokens);
  const headings: HeadingBlock[] = headingBlocks(tokens, bodyLine);
  const prose = proseLines(inlines, bodyLine);
  return {
    headings: headings.map(toHeading),
    blockIds: blockIds(inlines),
    links: inlineLinks(inlines, body, bodyLine),
    provenance: provenance(tokens, inlines, bodyLine),
    chunks: chunkPage(key, body, bodyLine, tokens, headings),
    prose,
    proseSig: signatureOf(prose),
    tags: inlines.flatMap((i) => inlineTags(i.token.children)),
  };
}

/** What is left when markdown parsing itself fails: the page, with nothing derived from its body. */
function rawFacts(): BodyFacts {
  return { headings: [], blockIds: [], links: [], provenance: [], chunks: [], prose: '', proseSig: signatureOf(''), tags: [] };
}

function frontmatterOf(text: string): { fm: Frontmatter; body: string; bodyLine: number } {
  const block = splitFrontmatter(text);
  if (!block) return { fm: noFrontmatter(), body: text, bodyLine: 1 };
  return { fm: parseFrontmatter(block), body: block.body, bodyLine: block.bodyLine };
}

/** The text with every line ending as the parser reads it: CRLF and a lone CR are LF. */
export function toLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/**
 * Parses one page. `text` is decoded (BOM stripped) and may use CRLF; `relPath` is not needed
 * by the parse itself (links keep their targets as written, the resolver interprets them).
 */
export function parsePage(key: string, relPath: string, text: string): ParsedPage {
  void relPath;
  const lf = typeof text !== 'string' ? '' : toLf(text);
  let split: ReturnType<typeof frontmatterOf>;
  try {
    split = frontmatterOf(lf);
  } catch {
    split = { fm: noFrontmatter(), body: lf, bodyLine: 1 };
  }
  const { fm, body, bodyLine } = split;
  let facts: BodyFacts;
  try {
    facts = bodyFacts(key, body, bodyLine);
  } catch {
    facts = rawFacts();
  }
  return {
    frontmatter: fm.data,
    frontmatterError: fm.error,
    title: pageTitle(fm.data, facts.headings, key),
    summary: pageSummary(fm.data),
    body,
    bodyLine,
    ...facts,
    // frontmatter `tags` and inline `#tags` are one list, as Obsidian's tag pane shows them
    tags: mergeTags(pageTags(fm.data), facts.tags),
    links: [...fm.edges, ...facts.links],
  };
}
