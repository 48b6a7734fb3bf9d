// A page's heading sections: the body lines each top-level heading owns, and the chain of
// headings above it. Chunks are cut from these.
import type { HeadingBlock } from './headings.ts';

export interface Section {
  /** 0-based body lines [start, end). */
  start: number;
  end: number;
  /** First line after the heading itself (start for the text before the first heading). */
  contentStart: number;
  heading: string | null;
  headingPath: string[];
}

/**
 * Only headings outside lists and blockquotes open a section: cutting at a heading nested in
 * a list would split the list's markdown in two.
 */
export function sections(headings: HeadingBlock[], lineCount: number): Section[] {
  const out: Section[] = [];
  const stack: HeadingBlock[] = [];
  let open: Section = { start: 0, end: lineCount, contentStart: 0, heading: null, headingPath: [] };
  for (const h of headings) {
    if (!h.topLevel) continue;
    out.push({ ...open, end: h.bodyLine });
    while (stack.length > 0 && stack[stack.length - 1]!.level >= h.level) stack.pop();
    stack.push(h);
    open = {
      start: h.bodyLine,
      end: lineCount,
      contentStart: h.bodyEnd,
      heading: h.text,
      headingPath: stack.map((s) => s.text),
    };
  }
  out.push(open);
  return out;
}
