// The fields write requests share (who writes, which page, from which version) and what a write
// answers: pieces of the contract's write methods (contract.ts), kept here so the table stays a table.
import { z } from 'zod';
import { MAX_FRONTMATTER_DEPTH } from './limits.ts';
import { pathPastDepth } from './nesting.ts';

export const Actor = z.string().min(1).max(200).describe('who makes the change: an agent id or a person');
export const PageKey = {
  key: z.string().min(1).max(1000),
  agent: z.string().min(1).max(500).nullable().optional().describe('the agent whose own page (user/<agent>/) is meant'),
};
/** Of several pages with one key, the one at this root and path (as results and pages give them). */
export const PagePlace = {
  root: z.string().min(1).max(4096).optional().describe('with path: the root of the page meant'),
  path: z.string().min(1).max(1000).optional().describe('with root: the path of the page meant, of several with the key (as search results give it)'),
};
export const BaseHash = z
  .string()
  .regex(/^[0-9a-f]{40}$/, 'the sha1 of the file as you read it')
  .nullable()
  .optional()
  .describe('the content hash you started from; the write is refused if the file changed since (null: you expect no page yet)');

/** Frontmatter no reader would read back (nested past MAX_FRONTMATTER_DEPTH) is refused, naming the field. */
export function refuseDeepFields(frontmatter: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const [field, value] of Object.entries(frontmatter)) {
    // the frontmatter is the first level, the field's value the second
    if (pathPastDepth(value, MAX_FRONTMATTER_DEPTH - 1))
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `nested deeper than ${MAX_FRONTMATTER_DEPTH} levels, the most a page's frontmatter may nest; nothing was written`,
      });
  }
}

export const LandedNotice = z
  .string()
  .optional()
  .describe('the file was written, but indexing it failed: the next indexing run retries it, so do not write it again');

export const WriteResult = z.object({
  key: z.string(),
  root: z.string(),
  path: z.string(),
  created: z.boolean(),
  hashBefore: z.string().nullable(),
  hashAfter: z.string().describe('pass it as baseHash to write again'),
  auditId: z.number().int().describe('its audit entry: pass it to `undo`'),
  conflictCopy: z
    .string()
    .optional()
    .describe(
      'root-relative: the page changed between the check of baseHash and the write (an editor appending); what it held then was kept beside it as this file, e.g. `Page (conflict 2026-11-28 101530 cairn).md`',
    ),
  notice: LandedNotice,
});
export type WriteResult = z.infer<typeof WriteResult>;
