// Fixing a broken link, as every door sees it: which link, what to do with it, the exact lines it
// changes (shown before anything is written), and the pages it could point to instead.
import { z } from 'zod';
import { AuditEntry, LinkKind } from './page.ts';

export const FIX_ACTIONS = ['retarget', 'remove', 'stub'] as const;

export const FixLinkRequest = z.object({
  key: z.string().min(1).max(1000).describe('the linking page'),
  root: z.string().min(1).max(4096).optional().describe('with path: the root of the linking page'),
  path: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .describe('with root: the path of the linking page, of several with its key (as the broken-links report gives it)'),
  agent: z.string().min(1).max(500).nullable().optional().describe('the agent whose own page (user/<agent>/) links'),
  line: z.number().int().min(1).describe('the 1-based line the link is written on'),
  column: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('the 1-based column where the link starts, as reported: only that link changes (without it, every link to the target on the line)'),
  target: z.string().min(1).max(1000).describe('the link target as reported by the broken-links report'),
  kind: LinkKind.optional().describe('the link kind as reported (narrows the match when a line holds several links)'),
  action: z
    .enum(FIX_ACTIONS)
    .describe('retarget: point the link at an existing page; remove: keep the link text, drop the link; stub: create the missing page'),
  to: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .describe("retarget: the key of the page to point at, or its path in the linking page's root (Folder/Name: of pages sharing a name, that one)"),
  dryRun: z.boolean().default(false).describe('only show the line changes'),
  actor: z.string().min(1).max(200),
});
export type FixLinkRequest = z.infer<typeof FixLinkRequest>;

/** One changed line: `before` null is an added line, `after` null a removed one. */
export const LineChange = z.object({ line: z.number().int(), before: z.string().nullable(), after: z.string().nullable() });
export type LineChange = z.infer<typeof LineChange>;

export const FileChange = z.object({
  root: z.string(),
  path: z.string(),
  key: z.string(),
  created: z.boolean(),
  lines: z.array(LineChange),
});
export type FileChange = z.infer<typeof FileChange>;

export const FixLinkResponse = z.object({
  changes: z.array(FileChange),
  applied: z.boolean(),
  auditId: z.number().int().nullable().describe('the audit entry of the write; pass it to `undo`'),
});
export type FixLinkResponse = z.infer<typeof FixLinkResponse>;

/** Which link a bulk fix names: a finding's page, line, column, target and kind. */
export const NamedLink = FixLinkRequest.pick({ key: true, root: true, path: true, agent: true, line: true, column: true, target: true, kind: true });
export type NamedLink = z.infer<typeof NamedLink>;

export const FixLinksRequest = z.object({
  action: z.enum(['remove', 'stub']).describe('remove: each link becomes its text; stub: a page for each missing target (name one link per target)'),
  links: z.array(NamedLink).min(1).max(20000),
  dryRun: z.boolean().default(false).describe('only show every change'),
  actor: z.string().min(1).max(200),
});
export type FixLinksRequest = z.infer<typeof FixLinksRequest>;

export const FixLinksResponse = z.object({
  changes: z.array(FileChange).describe('one per file: every line a page loses its links on, or a new stub'),
  applied: z.boolean(),
  auditIds: z.array(z.number().int()).describe('one audit entry per file written, each undoable'),
  skipped: z
    .array(z.object({ key: z.string(), line: z.number().int(), target: z.string(), reason: z.string() }))
    .describe('links that could not be fixed, and why'),
});
export type FixLinksResponse = z.infer<typeof FixLinksResponse>;

export const TargetSuggestion = z.object({
  key: z.string(),
  title: z.string(),
  path: z.string(),
  agent: z.string().nullable(),
  matched: z.enum(['key', 'title', 'alias']).describe('what the missing target resembles'),
  score: z
    .number()
    .describe(
      '0 is a perfect match, 1 none: name similarity first, then how near its folder is to the linking pages and how much it shares with what they say',
    ),
});
export type TargetSuggestion = z.infer<typeof TargetSuggestion>;

/** Where a missing target is linked from, so that suggestions near it and about the same thing rank first. */
export const TargetContext = z.object({
  target: z.string().min(1).max(1000),
  from: z.array(z.string().max(1000)).max(50).describe('paths of the pages that link to it'),
  words: z.string().max(2000).default('').describe('what the links say around it: their labels, the linking pages’ names'),
});
export type TargetContext = z.infer<typeof TargetContext>;

export const SuggestRequest = z.object({
  targets: z.array(z.string().min(1).max(1000)).min(1).max(200),
  context: z.array(TargetContext).max(200).optional().describe('for some targets, where they are linked from'),
  agent: z.string().min(1).max(500).nullable().optional().describe('suggest this agent’s own pages too'),
  limit: z.number().int().min(1).max(20).default(5),
});

export const SuggestResponse = z.object({ suggestions: z.array(z.object({ target: z.string(), pages: z.array(TargetSuggestion) })) });

export const UndoRequest = z.object({
  id: z.number().int().min(1).describe('the audit entry to undo'),
  actor: z.string().min(1).max(200),
});

export const UNDO_BLOCKS = ['later-write', 'changed-outside', 'already-undone', 'undone-later'] as const;
export type UndoBlock = (typeof UNDO_BLOCKS)[number];

/** An undo refused because the file is no longer as that write left it: nothing was written. */
export const UndoBlocked = z.object({
  outcome: z.literal('blocked'),
  id: z.number().int().describe('the entry asked to undo'),
  root: z.string(),
  path: z.string(),
  reason: z
    .enum(UNDO_BLOCKS)
    .describe(
      'later-write: a later logged write left the file as it is, undo it first; already-undone: an undo reversed it already; changed-outside: it changed outside the log (an editor, a pull); undone-later: a later undo of an earlier write left the file as it is, taking this change with it (undoing that undo would re-apply a change someone undid, so it is not offered)',
    ),
  blockedBy: AuditEntry.nullable().describe(
    'the later write to undo first, the undo that reversed it already, or the later undo that took its change with it; null when the change is not in the log',
  ),
  message: z.string().describe('the same, in words'),
});
export type UndoBlocked = z.infer<typeof UndoBlocked>;

export const UNDO_EFFECTS = ['stands', 'written-over', 'undone', 'gone'] as const;

/** An audit entry as the log shows it: where its undo chain starts, and whether its change is still in the file. */
export const LoggedWrite = AuditEntry.extend({
  original: z.number().int().nullable().describe('for an undo: the write its chain of undos starts from'),
  redo: z.boolean().describe('an undo of an undo (of an undo of an undo…): it applied `original` again'),
  effect: z
    .enum(UNDO_EFFECTS)
    .describe(
      'stands: the file is as it left it, so it can be undone; written-over: a later logged write stands on it (undo that first); undone: an undo reversed it; gone: the file changed outside the log, or a later undo took its change with it: it cannot be undone',
    ),
});
export type LoggedWrite = z.infer<typeof LoggedWrite>;
