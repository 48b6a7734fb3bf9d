// The page-contract fields read from frontmatter: title, summary, tags. Lenient about shape
// (a number title, a comma-separated tag string), strict about never inventing content.
import type { Heading } from '../../../../shared/page.ts';
import { mergeTags } from '../../../../shared/markdown/tags.ts';

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Frontmatter `title`, else the first H1, else the key. */
export function pageTitle(frontmatter: Record<string, unknown>, headings: Heading[], key: string): string {
  return text(frontmatter['title']) ?? (headings.find((h) => h.level === 1)?.text || null) ?? key;
}

export function pageSummary(frontmatter: Record<string, unknown>): string | null {
  return text(frontmatter['summary']);
}

/**
 * `tags: a, #b` or `tags: [a, '#b']`. A string splits on commas and spaces (a tag has no
 * spaces in Obsidian); list items are kept whole. Deduped ignoring case, first spelling wins.
 */
export function pageTags(frontmatter: Record<string, unknown>): string[] {
  const raw = frontmatter['tags'];
  const items = typeof raw === 'string' ? raw.split(/[,\s]+/) : Array.isArray(raw) ? raw.map(text) : [text(raw)];
  return mergeTags(items.map((item) => item?.trim().replace(/^#+/, '').trim() ?? '').filter((tag) => tag !== ''));
}
