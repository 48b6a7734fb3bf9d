// Browsing the wiki as a file explorer does: every page a reader may see, where it lies, its tier,
// when it last changed, whether it is stale, and how many pages link to it (what "most linked"
// suggestions are drawn from); and the roots that are open, each with its count.
import { z } from 'zod';
import { Scope } from './page.ts';

export const PagesRequest = z.object({
  order: z.enum(['path', 'most-linked']).default('path').describe('`path`: by root, then path; `most-linked`: the pages the most other pages link to first'),
  limit: z.number().int().min(1).max(100_000).optional().describe('at most this many pages (default: all)'),
});
export type PagesRequest = z.input<typeof PagesRequest>;

export const PageEntry = z.object({
  key: z.string(),
  title: z.string(),
  root: z.string(),
  path: z.string().describe('relative to its root'),
  scope: Scope,
  tier: z.string().nullable(),
  tags: z.array(z.string()),
  updated: z.string().describe("its `updated` date where it has one, else its file's last change (ISO 8601)"),
  stale: z.boolean().describe('the index found a reason it may no longer be true (see stalePages)'),
  archived: z.boolean(),
  linkedFrom: z.number().int().describe('how many other pages the reader sees link to it'),
});
export type PageEntry = z.infer<typeof PageEntry>;

export const PagesResponse = z.object({
  roots: z
    .array(z.object({ path: z.string(), pages: z.number().int() }))
    .describe('the configured roots, then any other root that still has pages in the index'),
  total: z.number().int().describe('every page the reader sees, whatever the limit'),
  pages: z.array(PageEntry),
});
export type PagesResponse = z.infer<typeof PagesResponse>;
