// The one API every door speaks. Each method is declared once, with the schema of its request
// and of its response; Electron IPC, HTTP routes, MCP tools and the renderer's client are derived
// from this table, never written once per method.
import { z } from 'zod';
import { IndexReport } from './indexing.ts';
import { AUDIT_ACTIONS, LinkFinding, Page, PageRef, PageSummary, SourceChange, StalePage, UnlinkedMention } from './page.ts';
import { SearchRequest, SearchResponse } from './search.ts';
import { ConceptsRequest, ConceptsResponse, GraphColumns, GraphRequest, GraphResponse, RecallWalkRequest, RecallWalkResponse } from './graph.ts';
import { DecideSkillRequest, ExpertRequest, ExpertResponse, Registration, RegisterSkillRequest, SkillsRequest, SkillsResponse } from './skills.ts';
import {
  KnowledgeExpertRequest,
  KnowledgeExpertResponse,
  QueryOutcomesRequest,
  QueryOutcomesResponse,
  RecallRequest,
  RecallResponse,
  RecordOutcomeRequest,
  RecordOutcomeResponse,
} from './recall.ts';
import {
  FixLinkRequest,
  FixLinkResponse,
  FixLinksRequest,
  FixLinksResponse,
  LoggedWrite,
  SuggestRequest,
  SuggestResponse,
  UndoBlocked,
  UndoRequest,
} from './fixes.ts';
import { MAX_PAGE_BODY_CHARS } from './limits.ts';
import { ReadersNotice, Status } from './status.ts';
import { Actor, BaseHash, LandedNotice, PageKey, PagePlace, refuseDeepFields, WriteResult } from './write-fields.ts';
import { PagesRequest, PagesResponse } from './browse.ts';
import { HubReachResponse, ModelJob, ModelsResponse, UseModelRequest } from './models.ts';

export { Status, WriteResult };

/**
 * What a method does and who may call it, declared beside its schemas (whose `max`es are its limits,
 * with the request size of limits.ts): `dispatch` applies it to every call, and the doors derive
 * from it what they offer an agent; no door keeps its own list.
 */
export interface MethodRules {
  /** A write needs a writable index: on a read-only one it is refused (`read-only`) before it runs.
   * A write's dry run (`dryRun: true`) writes nothing, and is a read. */
  effect: 'read' | 'write';
  /** `person`: people only (the desktop app, the CLI, the served UI on loopback); `agent`: agents too. */
  callers: 'person' | 'agent';
  /** How an agent's request is bound to it (caller.ts): `acts`, it is the actor and writes only the
   * shared space and its own user/<agent>/; `claims`, it acts, and what it registers is its own
   * (`agent` is it: a request naming another is refused); `asks`, it is recorded as the one who asked (`agent`);
   * `sees`, it reads the shared space and its own, named by `agent` in the request or in the field given. */
  asAgent?: 'acts' | 'claims' | 'asks' | { sees: 'agent' | 'filters' | 'around' | 'seed' };
}

const READ: MethodRules = { effect: 'read', callers: 'agent' };
const BY_PERSON: MethodRules = { effect: 'write', callers: 'person' };
const READ_BY_PERSON: MethodRules = { effect: 'read', callers: 'person' };
const AGENT_ACTS: MethodRules = { effect: 'write', callers: 'agent', asAgent: 'acts' };
const AGENT_CLAIMS: MethodRules = { effect: 'write', callers: 'agent', asAgent: 'claims' };
const AGENT_ASKS: MethodRules = { effect: 'write', callers: 'agent', asAgent: 'asks' };
const seenIn = (field: 'agent' | 'filters' | 'around' | 'seed'): MethodRules => ({ effect: 'read', callers: 'agent', asAgent: { sees: field } });

const method = <Req extends z.ZodType, Res extends z.ZodType>(summary: string, request: Req, response: Res, rules: MethodRules) => ({
  summary,
  request,
  response,
  rules,
});

export const contract = {
  status: method('Roots, counts and the last indexing run with its problems.', z.object({}), Status, READ),
  reindex: method(
    'Index the configured roots; unchanged files are not re-read. Takes no paths: roots come only from the command line, CAIRN_ROOTS or the config file.',
    z.strictObject(
      {},
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `takes no fields (got ${issue.keys.join(', ')}): roots come only from the command line, CAIRN_ROOTS or the config file`
            : undefined,
      },
    ),
    IndexReport,
    BY_PERSON,
  ),
  search: method(
    'Hybrid search: lexical (BM25), semantic (embeddings) and token lanes fused by weighted RRF or a convex combination; every result explains each lane.',
    SearchRequest,
    SearchResponse.extend({ index: ReadersNotice }),
    seenIn('filters'),
  ),
  getPage: method(
    'A page by key, or exactly by root and path (as results give them: of pages with one name, the one chosen): frontmatter, body, headings, outgoing links and backlinks, and the other pages with its name. By key, an agent sees its own page first.',
    PageRef,
    Page.extend({ index: ReadersNotice }),
    seenIn('agent'),
  ),
  mentions: method(
    'The pages whose prose names a page (its title, key or an alias, as concepts match: case, punctuation and plurals aside) without linking to it, each with the sentence around its first mention: links that could be written. By path; the first 100.',
    PageRef,
    z.object({ mentions: z.array(UnlinkedMention) }),
    seenIn('agent'),
  ),
  pages: method(
    'Every page the caller sees, to browse: key, title, root, path, tier, tags, last change, whether it is stale or archived and how many pages link to it; with the roots that are open. By path, or most linked first.',
    PagesRequest,
    PagesResponse,
    READ,
  ),
  attachment: method(
    'An image a page embeds (an indexed attachment of that root, up to 10 MB), for drawing it.',
    z.object({ root: z.string().min(1).max(4096), path: z.string().min(1).max(1000) }),
    z.object({ mime: z.string(), base64: z.string() }),
    READ,
  ),
  links: method(
    'Broken links (missing pages), broken anchors, or orphan pages.',
    z.object({ kind: z.enum(['dangling', 'anchors', 'broken', 'orphans']) }),
    z.object({ findings: z.array(LinkFinding), orphans: z.array(PageSummary), index: ReadersNotice }),
    READ,
  ),
  graph: method(
    'The reference graph: pages, and the attachments, sources and missing targets their links point at, as nodes; links as edges by kind (wikilink, embed, markdown, ref, source); with `concepts`, the concepts pages mention too (`mentions` edges). Around a page to a depth of 1–3 links either way, or the whole wiki.',
    GraphRequest,
    GraphResponse,
    seenIn('around'),
  ),
  graphColumns: method(
    'The same graph as `graph`, with its edges in columns of node indexes and without their lines and counts: what the Graph view draws a large wiki from.',
    GraphRequest,
    GraphColumns,
    seenIn('around'),
  ),
  concepts: method(
    'The concept dictionary: tags, page keys, titles and frontmatter aliases, merged when they differ only by case, punctuation, plural or a configured alias; each with its variants, the pages that name it and the pages whose prose mentions it.',
    ConceptsRequest,
    ConceptsResponse,
    READ,
  ),
  recall: method(
    'Walk out from seed pages (a page, or the top hits of a hybrid search) 1–3 steps: links either way, shared concepts, and `follows` between dated notes of one folder; the connected set nearest first, each page with the path that reached it.',
    RecallWalkRequest,
    RecallWalkResponse,
    seenIn('seed'),
  ),
  stalePages: method(
    'Pages that may no longer be true, each with its reasons: sources changed after the page was last updated or reviewed, sources gone, links to archived pages, or no review for too long.',
    z.object({}),
    z.object({ pages: z.array(StalePage) }),
    READ,
  ),
  sourceChanges: method(
    "What changed in a page's sources since it was last reviewed or updated: each file's last change and the commits since (through git where the file is in a repository).",
    z.object({ ...PageKey, ...PagePlace }),
    z.object({ since: z.string().nullable(), sources: z.array(SourceChange) }),
    seenIn('agent'),
  ),
  writePage: method(
    "Writes a page through the one validated path: sets the frontmatter fields given (null removes one) and replaces the body if given, keeping every other byte; refuses links to pages that do not exist and a baseHash that is not the file's; writes atomically, re-indexes the page and logs it.",
    z.object({
      ...PageKey,
      root: z
        .string()
        .min(1)
        .max(4096)
        .optional()
        .describe(
          'which configured root: for a page that exists, with path, the one of several with the key; for a new page, where it goes (default the first)',
        ),
      path: z
        .string()
        .min(1)
        .max(1000)
        .optional()
        .describe(
          'its path in the root: for a page that exists, the one of several with the key; for a new page, where it goes (default <key>.md, or global/ or user/<agent>/ in a scoped root)',
        ),
      frontmatter: z
        .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'a field name'), z.unknown())
        .superRefine(refuseDeepFields)
        .optional(),
      body: z.string().max(MAX_PAGE_BODY_CHARS).optional(),
      actor: Actor,
      baseHash: BaseHash,
    }),
    WriteResult,
    AGENT_ACTS,
  ),
  reviewPage: method(
    'Marks a page reviewed today (its `reviewed` field), through the write path.',
    z.object({ ...PageKey, ...PagePlace, actor: Actor, baseHash: BaseHash }),
    WriteResult,
    AGENT_ACTS,
  ),
  archivePage: method(
    'Retires a page: sets `archived_since` to today; the file is never deleted.',
    z.object({ ...PageKey, ...PagePlace, actor: Actor, baseHash: BaseHash }),
    WriteResult,
    AGENT_ACTS,
  ),
  consolidate: method(
    "Consolidates old notes: `raw` pages and daily notes (named by a date) older than the cutoff, not archived nor cited by a reflection already, grouped by the concepts they share; each group of two or more becomes one `reflection` page of its notes' most information-dense sentences (extractive), each with a provenance comment naming its note and line, links to the concepts' pages and the notes' tags; then the notes are archived, never deleted. With dryRun, only the plan.",
    z.object({ olderThanDays: z.number().int().min(0).max(36500).default(14), dryRun: z.boolean().default(false), actor: Actor }),
    z.object({
      cutoff: z.string().describe('notes dated before this day are old'),
      dryRun: z.boolean(),
      groups: z.array(
        z.object({
          concepts: z.array(z.string()),
          key: z.string().describe('the reflection page written (or that would be)'),
          agent: z.string().nullable().describe("whose space it is written in: the notes' agent, null for the shared space"),
          title: z.string(),
          tags: z.array(z.string()),
          links: z.array(z.string()).describe("the concepts' pages it links to"),
          notes: z.array(z.object({ key: z.string(), agent: z.string().nullable(), root: z.string(), path: z.string(), date: z.string() })),
          sentences: z.array(z.object({ text: z.string(), from: z.string(), line: z.number().int() })),
          body: z.string(),
          written: WriteResult.nullable(),
          archived: z.array(WriteResult),
        }),
      ),
      skipped: z.array(z.object({ key: z.string(), reason: z.string() })),
    }),
    BY_PERSON,
  ),
  fixLink: method(
    'Fixes one broken link through the write path: retarget it to an existing page, remove it (its text stays), or create a stub page for its target. With dryRun, only returns the exact line changes.',
    FixLinkRequest,
    FixLinkResponse,
    AGENT_ACTS,
  ),
  fixLinks: method(
    'Fixes many broken links at once through the write path: removes each (its text stays) or creates a stub page for each missing target; one write per file, each logged and undoable. With dryRun, only returns every change.',
    FixLinksRequest,
    FixLinksResponse,
    BY_PERSON,
  ),
  suggestTargets: method(
    'Pages a broken link probably meant: keys, titles and aliases alike to the target (edit distance), ranked by name, then nearness to the linking pages and words shared with them (`context`), best first.',
    SuggestRequest,
    SuggestResponse,
    seenIn('agent'),
  ),
  undo: method(
    'Undoes a logged write while the file is still exactly as that write left it; undoing a creation removes that file. Otherwise nothing is written and the outcome is `blocked`, naming the later logged write to undo first (or the undo that reversed it already).',
    UndoRequest,
    z.discriminatedUnion('outcome', [
      z.object({
        outcome: z.literal('undone'),
        root: z.string(),
        path: z.string(),
        key: z.string(),
        removed: z.boolean(),
        auditId: z.number().int(),
        notice: LandedNotice,
      }),
      UndoBlocked,
    ]),
    BY_PERSON,
  ),
  skills: method(
    'The skill registry: every registration (inferred from project manifests, or claimed in a registry file or through registerSkill) with its evidence, status and calibration; the agents; problems reading the registry files.',
    SkillsRequest,
    SkillsResponse,
    READ,
  ),
  expert: method(
    'Who is the expert for a domain: approved registrations matched by skill, alias, words of a skill, or else through search of their evidence pages; ranked by level, then how often other agents cite the evidence. A warning, not an error, when nothing matches.',
    ExpertRequest,
    ExpertResponse,
    READ,
  ),
  decideSkill: method(
    'A person approves or rejects an explicit claim, with a note; kept in .cairn/skill-decisions.yaml and logged.',
    DecideSkillRequest,
    Registration,
    BY_PERSON,
  ),
  registerSkill: method(
    'An agent claims a skill, pointing at the page that shows the work; written into its user/<agent>/skills.yaml and pending until a person approves it. An expert claim needs evidence that exists.',
    RegisterSkillRequest,
    Registration,
    AGENT_CLAIMS,
  ),
  knowledgeRecall: method(
    'Recall for a role: one search per tier the role reads (researcher: raw, reflection, doc; planner: reflection, wiki, doc; implementer and reviewer: wiki, doc; triager: doc, wiki), merged best first; a tier that fails is reported and skipped. Returns a queryId: report what came of it with recordOutcome.',
    RecallRequest,
    RecallResponse,
    AGENT_ASKS,
  ),
  knowledgeExpert: method(
    'Everything the wiki knows about a domain: the approved experts with their evidence, canonical pages tagged with it, recent reflections on it, and what came of earlier queries; a warning, not an error, when nothing matches. Returns a query_id for recordOutcome.',
    KnowledgeExpertRequest,
    KnowledgeExpertResponse,
    AGENT_ASKS,
  ),
  recordOutcome: method(
    'What came of a recall or expert answer (success, partial, failure, abandoned) and which returned pages were used; this is what tells the registry whose write-ups help.',
    RecordOutcomeRequest,
    RecordOutcomeResponse,
    AGENT_ASKS,
  ),
  queryOutcomes: method(
    'Earlier recall and expert queries with what they returned and what came of them, with totals and per-page use.',
    QueryOutcomesRequest,
    QueryOutcomesResponse,
    READ,
  ),
  models: method(
    'The recommended embedding models, which are downloaded, the one serving, the one before it, and a switch under way.',
    z.object({}),
    ModelsResponse,
    READ_BY_PERSON,
  ),
  useModel: method(
    'Move the index to another embedding model in the background (a hub model is downloaded first): search goes on with the model in use until the new vectors are ready, then switches in one step. Follow it with `models`.',
    UseModelRequest,
    ModelJob,
    BY_PERSON,
  ),
  rollbackModel: method('Move the index back to the model before the last switch, as useModel does.', z.object({}), ModelJob, BY_PERSON),
  hubReach: method(
    'Whether the hub models download from (HF_ENDPOINT, else the hub) can be reached now: it is asked for the recommended model, for at most a few seconds, and the answer kept briefly; when not, why in one line.',
    z.object({}),
    HubReachResponse,
    READ_BY_PERSON,
  ),
  audit: method(
    'The audit log, newest first: every write, review and archive, by whom, with content hashes; each with whether its change is still in the file (so whether it can be undone), and an undo of an undo named a redo.',
    z.object({
      actor: z.string().min(1).max(200).optional(),
      key: z.string().min(1).max(1000).optional(),
      action: z.enum(AUDIT_ACTIONS).optional(),
      limit: z.number().int().min(1).max(1000).default(100),
    }),
    z.object({ entries: z.array(LoggedWrite) }),
    READ,
  ),
} as const;

export type Contract = typeof contract;
export type MethodName = keyof Contract;
export type Request<M extends MethodName> = z.input<Contract[M]['request']>;
export type Response<M extends MethodName> = z.output<Contract[M]['response']>;

/** What every door exposes: one async function per contract method; a request whose every field is
 * optional may be left out. */
export type CairnApi = {
  // `{} extends R` asks whether every field of R is optional: the one place `{}` is meant
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  [M in MethodName]: {} extends Request<M> ? (request?: Request<M>) => Promise<Response<M>> : (request: Request<M>) => Promise<Response<M>>;
};
