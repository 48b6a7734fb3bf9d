// The MCP tools: each is a contract method under the name and with the description an agent
// reads when it decides what to call. Input schemas are the contract's request schemas as JSON
// Schema, less the fields the server sets from its own identity (actor, the asking agent);
// `dispatch` parses what the agent sends, once, exactly as over HTTP or IPC.
import { z } from 'zod';
import { fieldsFromAgent, mayCall, type Caller } from '../../shared/caller.ts';
import { contract, type MethodName } from '../../shared/contract.ts';
import { jsonSchemaOf } from '../../shared/json-schema.ts';

export interface Tool {
  method: MethodName;
  description: string;
  /** The contract's request schema, or the tool's own where the tool reshapes the request. */
  schema: z.ZodType;
  /** Fields the server fills in besides those the method's rules say it does (fieldsFromAgent); hidden from the agent. */
  hidden: readonly string[];
  /** The agent's arguments as a contract call (default: this tool's method, the arguments as they are). */
  route?: (args: Record<string, unknown>, caller: Caller) => { method: MethodName; input: unknown };
  /** The answer as the agent sees it (default: the contract's response). */
  toAnswer?: (value: unknown, args: Record<string, unknown>) => unknown;
}

// wiki_links answers two contract methods; an unknown kind reaches `links` and is refused there
const WikiLinks = z.object({
  kind: z
    .enum(['dangling', 'stale'])
    .default('dangling')
    .describe('dangling: links to pages that do not exist; stale: pages that may no longer be true, with reasons'),
});
const WikiSearch = contract.search.request.extend({
  explain: z.boolean().default(false).describe("true: each result carries every lane's rank, score and contribution"),
});

export const TOOLS: Record<string, Tool> = {
  wiki_search: {
    method: 'search',
    description:
      "Search the shared wiki before solving something: another agent may have written it up. Hybrid by default (keywords + embeddings + term overlap). Returns pages best first with a snippet, the best-matching section and the page's hash; read one with wiki_read. Set explain for per-lane ranks; filters narrow by tags, tier, path prefix, dates.",
    schema: WikiSearch,
    hidden: [],
    route: ({ explain: _explain, ...rest }) => ({ method: 'search', input: rest }),
    toAnswer: (value, args) => (args.explain ? value : withoutLanes(value as { results: { lanes: unknown }[] })),
  },
  wiki_read: {
    method: 'getPage',
    description:
      "Read a page by key, or by root and path (as wiki_search returns them: of pages sharing a name, that one): frontmatter, body, headings, links out and backlinks, and its hash. Your own page under user/<you>/ is shown before a shared one with the same key. The answer's frontmatter and body are what wiki_write takes back; send its hash as wiki_write's baseHash when you replace the body.",
    schema: contract.getPage.request,
    hidden: [],
  },
  wiki_write: {
    method: 'writePage',
    description:
      'Write what you learned so the next agent need not re-solve it: a page by key, setting the frontmatter fields given (null removes one) and replacing the body if given. Every [[link]] and ref must name an existing page, or the write is refused with the missing keys and nothing is written. ' +
      'Protocol: to replace the body of a page that exists, send baseHash = the hash wiki_read or wiki_search gave you (or hashAfter of your last write). Without it you get precondition-required with currentHash; if the page changed since (an editor, another agent) you get conflict with currentHash and currentBody (currentText too when the page has frontmatter): merge your change into currentBody and write again with baseHash = currentHash. ' +
      'To create a page, send baseHash null: if another agent created it first you get conflict with its hash and body. Frontmatter-only edits need no baseHash. You write the shared space and user/<you>/ only; the audit log names you.',
    schema: contract.writePage.request,
    hidden: [],
  },
  wiki_links: {
    method: 'links',
    description:
      'Health of the wiki: dangling links (to pages that do not exist, with where they are written) or stale pages (sources changed or gone, links to archived pages, no review for long), to fix what you touch.',
    schema: WikiLinks,
    hidden: [],
    route: (args) => (args.kind === 'stale' ? { method: 'stalePages', input: {} } : { method: 'links', input: { kind: args.kind ?? 'dangling' } }),
  },
  wiki_related: {
    method: 'recall',
    description:
      'What is connected to a page (or to the top hits of a query) and how: walks 1–3 steps out over links either way, shared concepts and the dated notes before and after, and returns the connected set nearest first, each page with the path that reached it ("why is this here"). Use it after wiki_search or wiki_read to find the context around an answer.',
    schema: contract.recall.request,
    hidden: [],
  },
  knowledge_recall: {
    method: 'knowledgeRecall',
    description:
      'Recall what the wiki knows for your role: researcher reads raw notes, reflections and docs; planner reflections, wiki and docs; implementer and reviewer wiki and docs; triager docs and wiki. One search per tier, merged best first, with lane ranks; a tier that fails is reported, not fatal. Keep the queryId and report with record_outcome whether it helped.',
    schema: contract.knowledgeRecall.request,
    hidden: [],
  },
  knowledge_expert: {
    method: 'knowledgeExpert',
    description:
      'Before working in a domain: who is the approved expert (and their write-up), the canonical pages tagged with it, recent reflections on it, and what came of asking before. A warning, not an error, when the wiki knows nothing yet. Keep query_id for record_outcome.',
    schema: contract.knowledgeExpert.request,
    hidden: [],
  },
  skill_register: {
    method: 'registerSkill',
    description:
      'Claim a skill so others can find you with knowledge_expert: the skill, its category, your level and docPath, the page that shows the work (an expert claim needs one that exists). It lands as pending until a person approves it.',
    schema: contract.registerSkill.request,
    // whose claim it is is the caller's (the method's rules): an agent claims for itself
    hidden: [],
  },
  record_outcome: {
    method: 'recordOutcome',
    description:
      'Say what came of your own knowledge_recall or knowledge_expert answer: success, partial, failure or abandoned, and which returned pages you used (up to 10 times a query, as it changes). This is how the wiki learns whose write-ups help.',
    schema: contract.recordOutcome.request,
    hidden: [],
  },
  query_outcomes: {
    method: 'queryOutcomes',
    description:
      'Earlier recall and expert queries (by id, text or agent) with what they returned and what came of them, with totals and how often each page was used.',
    schema: contract.queryOutcomes.request,
    hidden: [],
  },
};

function withoutLanes(value: { results: { lanes: unknown }[] }) {
  return { ...value, results: value.results.map(({ lanes: _lanes, ...rest }) => rest) };
}

/** The tools this caller may call: those whose method's rules let it (an agent is offered no person's method). */
export function toolsFor(caller: Caller): [string, Tool][] {
  return Object.entries(TOOLS).filter(([, tool]) => mayCall(caller, tool.method));
}

/** The tool's input as JSON Schema, less the fields the server sets. */
export function inputSchema(tool: Tool): { type: 'object'; properties?: Record<string, unknown>; required?: string[] } {
  const schema = jsonSchemaOf(tool.schema) as { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
  const hidden = [...fieldsFromAgent(tool.method), ...tool.hidden];
  for (const field of hidden) delete schema.properties?.[field];
  if (schema.required) schema.required = schema.required.filter((f) => !hidden.includes(f));
  return schema;
}
