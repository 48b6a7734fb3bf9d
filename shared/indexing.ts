// What an indexing run reports, while it runs and when it is done.
import { z } from 'zod';
import { LinkFinding } from './page.ts';

export const IndexProgress = z.object({
  phase: z.enum(['scan', 'index', 'link', 'model', 'download', 'embed', 'done']),
  root: z.string().nullable(),
  total: z.number().int().describe('files found so far in the roots'),
  seen: z.number().int(),
  indexed: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  chunksToEmbed: z.number().int(),
  chunksEmbedded: z.number().int(),
  note: z.string().nullable().describe('what the phase is doing, e.g. why the model is rebuilt'),
});
export type IndexProgress = z.infer<typeof IndexProgress>;

export const FileProblem = z.object({
  root: z.string(),
  path: z.string(),
  line: z.number().int().nullable(),
  severity: z.enum(['skipped', 'failed', 'warning']),
  reason: z.string(),
});
export type FileProblem = z.infer<typeof FileProblem>;

/** The phases a run's time is told in, in the order a run goes through them: finding the files,
 * reading and writing the pages, relinking, what derives from the pages (mentions, staleness, the
 * skill registry), getting the embedding model (loading, downloading or building it), embedding. */
export const RUN_PHASES = ['scan', 'index', 'link', 'derive', 'model', 'embed'] as const;
export const RunPhase = z.enum(RUN_PHASES);
export type RunPhase = z.infer<typeof RunPhase>;

export const PhaseTime = z.object({ phase: RunPhase, ms: z.number() });
export type PhaseTime = z.infer<typeof PhaseTime>;

export const IndexReport = z.object({
  roots: z.array(z.string()),
  pages: z.number().int(),
  chunks: z.number().int(),
  links: z.number().int(),
  dangling: z.number().int(),
  brokenAnchors: z.number().int(),
  indexed: z.number().int().describe('files parsed and written in this run'),
  unchanged: z.number().int(),
  removed: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  problems: z.array(FileProblem),
  brokenByRun: z.array(LinkFinding).describe('links that resolved before this run and no longer do: what a rename, a deletion or a changed heading broke'),
  model: z.string().nullable().describe('the embedding model of the semantic lane, null when it has none'),
  modelNote: z.string().nullable().describe('why the semantic lane has no model, or what happened to it'),
  embedded: z.number().int().describe('chunks the model embedded in this run (vectors reused from the cache not counted)'),
  ms: z.number().describe('scanning, parsing, writing and linking'),
  semanticMs: z.number().describe('building the embedding model (when due) and embedding new chunks'),
  totalMs: z
    .number()
    .default(0)
    .describe(
      'the whole run, from its start until its pages are searchable with their vectors: every phase, the model included (for a run stored before it was kept, ms + semanticMs; 0 in a change notice from an older server)',
    ),
  phases: z.array(PhaseTime).default([]).describe('what each phase of the run took, in the order it went through them; together they make totalMs'),
});
export type IndexReport = z.infer<typeof IndexReport>;

/** What a reader should know about the index it reads: that it is not whole yet, or may be wrong. */
export const IndexNotice = z.object({
  state: z
    .enum(['first-index', 'interrupted', 'mentions-pending'])
    .describe(
      'first-index: the first run is still writing pages, so a page may not be found yet; interrupted: a run stopped before it relinked, so links, backlinks and counts may be wrong until a run repairs it; mentions-pending (status only): a concept written lately is still being looked for in the other pages, so their mentions of it and its count may be short until that is done',
    ),
  message: z.string(),
});
export type IndexNotice = z.infer<typeof IndexNotice>;
