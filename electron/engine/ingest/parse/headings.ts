// Headings as rendered (inline markup stripped), with level and file line; code never holds one
// because markdown-it has already taken fences and indented code out.
import type { Token } from 'markdown-it';
import type { Heading } from '../../../../shared/page.ts';
import { inlineText } from '../../../../shared/markdown/inline-text.ts';

/** A heading and the body lines it spans, for sectioning. */
export interface HeadingBlock extends Heading {
  /** 0-based body lines the heading spans, end exclusive (a setext heading spans two or more). */
  bodyLine: number;
  bodyEnd: number;
  /** Not nested in a list or blockquote: only these open chunk sections. */
  topLevel: boolean;
}

export function headingBlocks(tokens: Token[], bodyLine: number): HeadingBlock[] {
  const out: HeadingBlock[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    if (open.type !== 'heading_open') continue;
    const start = open.map?.[0] ?? 0;
    const end = open.map?.[1] ?? start + 1;
    out.push({
      level: Number(open.tag.slice(1)) || 1,
      text: inlineText(tokens[i + 1]?.children ?? null).trim(),
      line: bodyLine + start,
      bodyLine: start,
      bodyEnd: end,
      topLevel: open.level === 0,
    });
  }
  return out;
}

export function toHeading({ level, text, line }: HeadingBlock): Heading {
  return { level, text, line };
}
