// What `status` answers: the roots, the index's counts, its last and current runs, and whether
// readers may trust it. ReadersNotice is carried by every answer readers act on.
import { z } from 'zod';
import { IndexNotice, IndexProgress, IndexReport } from './indexing.ts';

/** Carried by the answers readers act on (search, a page, links, status). */
export const ReadersNotice = IndexNotice.nullable().describe('null when the index is whole; else why results may be incomplete or wrong, to pass on');

export const Status = z.object({
  roots: z.array(z.string()).describe('the configured roots: the ones indexed and watched'),
  otherRoots: z.array(z.string()).describe('roots still in the index that are not configured now (`cairn index --forget ROOT` drops them)'),
  readOnly: z.boolean().describe('the database can be searched but not written'),
  db: z.string(),
  pages: z.number().int(),
  chunks: z.number().int(),
  links: z.number().int(),
  dangling: z.number().int(),
  brokenAnchors: z.number().int(),
  lastRun: IndexReport.extend({ startedAt: z.string(), finishedAt: z.string() }).nullable(),
  indexing: IndexProgress.nullable(),
  index: ReadersNotice,
});
export type Status = z.infer<typeof Status>;
