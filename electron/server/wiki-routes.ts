// The wiki API for agents (/api/wiki/…): REST-shaped routes over the same contract methods, for
// clients that speak paths and verbs. One table says, per route, which method answers it and how
// its request is built from the path, the query string or the body; `dispatch` parses and runs it,
// so no rule of the engine lives here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Caller } from '../../shared/caller.ts';
import { contract, type MethodName } from '../../shared/contract.ts';
import { dispatch, type CairnService } from '../../shared/dispatch.ts';
import { jsonSchemaOf } from '../../shared/json-schema.ts';
import { placesOf } from '../../shared/page-path.ts';
import { SearchRequest } from '../../shared/search.ts';
import { answer, NO_BODY, readJson, refuse } from './http-api.ts';
import type { Refusal } from './request-guard.ts';

type Verb = 'GET' | 'POST' | 'PUT';
type Fields = Record<string, unknown>;

export interface WikiCall {
  /** Path parameters, decoded (`key` may hold `/`). */
  params: Record<string, string>;
  query: URLSearchParams;
  body: Fields;
  caller: Caller;
}

export interface WikiRoute {
  verb: Verb;
  /** The path after /api, with `{name}` for one segment and `{name+}` for the rest of the path. */
  path: string;
  /** The contract method that answers it. */
  method: MethodName;
  /** Where the request comes from: the JSON body, or the query string (converted by the method's schema). */
  from: 'body' | 'query' | 'none';
  /** Shapes the request the method takes out of the call; default: the body or the query as it is. */
  build?: (call: WikiCall) => Fields;
  /** The request as a client sends it, when it differs from the method's (for /api/openapi.json). */
  requestDoc?: z.ZodType;
  summary?: string;
}

/** Older clients (the wikycore API) name the lanes differently. */
export const MODE_ALIASES: Record<string, string> = { vector: 'semantic', keyword: 'lexical' };

export const WikiSearchRequest = SearchRequest.omit({ query: true, mode: true }).extend({
  q: SearchRequest.shape.query.describe('free text; `query` is accepted too'),
  mode: z.enum(['hybrid', 'lexical', 'semantic', 'token', 'vector', 'keyword']).default('hybrid').describe('vector = semantic, keyword = lexical'),
});

const PageWrite = contract.writePage.request.omit({ key: true, actor: true }).extend({
  actor: contract.writePage.request.shape.actor.optional().describe("who writes: required without tokens; with a token it is the token's agent"),
});

const SkillClaim = contract.registerSkill.request.extend({
  agent: contract.registerSkill.request.shape.agent
    .optional()
    .describe("whose claim: with a token it is the token's agent (naming another is refused); required without tokens"),
  actor: contract.registerSkill.request.shape.actor.optional().describe("who registers it: with a token it is the token's agent; required without tokens"),
});

export const WIKI_ROUTES: readonly WikiRoute[] = [
  {
    verb: 'POST',
    path: '/wiki/search',
    method: 'search',
    from: 'body',
    requestDoc: WikiSearchRequest,
    build: ({ body, caller }) => {
      const { q, query, mode, filters, ...rest } = body;
      const f = filters && typeof filters === 'object' ? (filters as Fields) : filters;
      return {
        ...rest,
        query: q ?? query,
        mode: typeof mode === 'string' ? (MODE_ALIASES[mode] ?? mode) : mode,
        // an agent searches as itself (its own pages shadow global ones) unless it says otherwise
        filters:
          caller.kind === 'agent' && (f === undefined || (typeof f === 'object' && f !== null && !('agent' in f)))
            ? { ...(f as Fields | undefined), agent: caller.agent }
            : f,
      };
    },
  },
  {
    verb: 'GET',
    path: '/wiki/pages/{key+}',
    method: 'getPage',
    from: 'query',
    summary:
      "A page by key (a key with `/` names its path in the root, e.g. guides/setup: of pages sharing a name, that one); ?agent= to see that agent's own page first.",
    build: ({ params, query, caller }) => ({ key: params.key, agent: query.get('agent') ?? (caller.kind === 'agent' ? caller.agent : undefined) }),
  },
  {
    verb: 'PUT',
    path: '/wiki/pages/{key+}',
    method: 'writePage',
    from: 'body',
    requestDoc: PageWrite,
    summary:
      "Writes a page: 422 with `missing` when it links pages that do not exist; 409 with `currentHash`, `currentText` and `currentBody` when baseHash is not the file's; 428 with `currentHash` when an agent replaces an existing page's body without baseHash (the `hash` its GET returned); nothing is written then.",
    build: ({ params, body }) => ({ ...body, key: params.key }),
  },
  {
    verb: 'GET',
    path: '/wiki/links/dangling',
    method: 'links',
    from: 'none',
    summary: 'Links to pages that do not exist.',
    build: () => ({ kind: 'dangling' }),
  },
  { verb: 'GET', path: '/wiki/links/stale', method: 'stalePages', from: 'none' },
  { verb: 'GET', path: '/wiki/skills', method: 'skills', from: 'query' },
  { verb: 'POST', path: '/wiki/skills/claims', method: 'registerSkill', from: 'body', requestDoc: SkillClaim },
  { verb: 'GET', path: '/wiki/experts', method: 'expert', from: 'query' },
  { verb: 'POST', path: '/wiki/recall', method: 'knowledgeRecall', from: 'body' },
  { verb: 'POST', path: '/wiki/expert', method: 'knowledgeExpert', from: 'body' },
  { verb: 'POST', path: '/wiki/outcomes', method: 'recordOutcome', from: 'body' },
  { verb: 'GET', path: '/wiki/outcomes', method: 'queryOutcomes', from: 'query' },
];

type Match = { route: WikiRoute; params: Record<string, string> };

/** The route for a path (after /api) and verb; a 4xx refusal; or null when no route has that path. */
export function matchRoute(verb: string, apiPath: string): Match | (Refusal & { allow?: string }) | null {
  const segments = apiPath.split('/').slice(1);
  const decoded: string[] = [];
  for (const s of segments) {
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      return { code: 'bad-request', error: `the path segment "${s.slice(0, 100)}" is not valid percent-encoding` };
    }
    decoded.push(d);
  }
  const verbs: string[] = [];
  let found: Match | null = null;
  for (const route of WIKI_ROUTES) {
    const params = matchPath(route.path, decoded);
    if (!params) continue;
    verbs.push(route.verb);
    if (route.verb === verb) found = { route, params };
  }
  if (found) {
    const bad = badKey(found.params.key);
    return bad ? { code: 'bad-request', error: bad } : found;
  }
  if (verbs.length) return { code: 'method-not-allowed', error: `use ${verbs.join(' or ')} /api${apiPath}`, allow: verbs.join(', ') };
  return null;
}

function matchPath(pattern: string, decoded: string[]): Record<string, string> | null {
  const parts = pattern.split('/').slice(1);
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const rest = /^\{(\w+)\+\}$/.exec(p);
    if (rest) {
      if (i >= decoded.length) return null;
      params[rest[1]!] = decoded.slice(i).join('/');
      return params;
    }
    if (i >= decoded.length) return null;
    const one = /^\{(\w+)\}$/.exec(p);
    if (one) params[one[1]!] = decoded[i]!;
    else if (p !== decoded[i]) return null;
  }
  return parts.length === decoded.length ? params : null;
}

/** A page key from a path names a page, never a place: no empty, `.` or `..` segment, no backslash or control character. */
function badKey(key: string | undefined): string | null {
  if (key === undefined) return null;
  const segs = key.split('/');
  if (segs.some((s) => s === '' || s === '.' || s === '..') || /[\\\u0000-\u001f]/.test(key)) {
    return `"${key.slice(0, 200).replace(/[\u0000-\u001f]/g, '?')}" is not a page key: a key is a page's name (or its path in the root without .md), with no empty, "." or ".." part, backslash or control character`;
  }
  return null;
}

export async function handleWiki(
  service: CairnService,
  req: IncomingMessage,
  res: ServerResponse,
  match: Match,
  query: URLSearchParams,
  caller: Caller,
): Promise<void> {
  const { route } = match;
  const name = route.method;
  let body: Fields = {};
  if (route.from === 'body') {
    const read = await readJson(req, res);
    if (read === NO_BODY) return;
    if (!read || typeof read !== 'object' || Array.isArray(read)) return refuse(res, 'bad-request', 'the request body must be a JSON object');
    body = read as Fields;
  }
  const call: WikiCall = { params: { ...match.params }, query, body, caller };
  const page = pageKey(call.params.key);
  if (page) call.params.key = page.key;
  let request: Fields = route.build ? route.build(call) : route.from === 'query' ? queryRequest(name, query) : body;
  if (page?.path && name === 'writePage' && request.path === undefined) request = { ...request, path: `${page.path}.md` };
  // a key with `/` names a path: the page found by its name must be the page at that path, else
  // another page of that name at that path (of two Templates, the one in the folder named)
  if (page?.path) {
    const byKey = await dispatch(service, 'getPage', { key: page.key, agent: request.agent }, caller);
    // by key alone the shared page, or none: the page at the path may be an agent's own, which a person reads
    const existing = byKey.ok && pathNames(byKey.value.path, page.path) ? byKey : ((await atPath(service, page.path, request.agent, caller)) ?? byKey);
    if (existing.ok && existing !== byKey && name === 'writePage') request = { ...request, root: existing.value.root, path: existing.value.path };
    if (existing.ok && !pathNames(existing.value.path, page.path)) {
      const writing = name === 'writePage';
      return refuse(
        res,
        writing ? 'conflict' : 'not-found',
        `no page at ${page.path}: the page with key "${page.key}" is ${existing.value.path}${writing ? ' (a key is unique per scope; nothing was written)' : ''}`,
      );
    }
    if (name === 'getPage') return answer(res, existing);
  }
  answer(res, await dispatch(service, name, request, caller));
}

/** The page at a path-style key's path (a scoped root's global/ may be left out) in any configured root; null for none. */
async function atPath(service: CairnService, named: string, agent: unknown, caller: Caller) {
  const status = await dispatch(service, 'status', {}, caller);
  for (const place of placesOf(named, status.ok ? status.value.roots : [])) {
    const found = await dispatch(service, 'getPage', { ...place, agent }, caller);
    if (found.ok) return found;
  }
  return null;
}

/** A path-style key (guides/setup) is the page named by its last segment, at that path. */
function pageKey(key: string | undefined): { key: string; path: string | null } | null {
  if (key === undefined) return null;
  const bare = key.replace(/\.md$/i, '');
  const slash = bare.lastIndexOf('/');
  return slash < 0 ? { key, path: null } : { key: bare.slice(slash + 1), path: bare };
}

/** Whether a page's path in its root is the path a client named (a scoped root's global/ may be left out). */
function pathNames(pagePath: string, named: string): boolean {
  const p = pagePath.replace(/\.md$/i, '').toLowerCase();
  const n = named.toLowerCase();
  return p === n || p === `global/${n}`;
}

/** A query string as a method's request: fields the schema types as numbers, booleans or arrays are converted; the schema checks the rest. */
export function queryRequest(name: MethodName, query: URLSearchParams): Fields {
  const props = requestProperties(name);
  const out: Fields = {};
  for (const field of new Set(query.keys())) {
    const types = props[field] ?? [];
    const values = query.getAll(field);
    const one = values[values.length - 1]!;
    if (types.includes('array')) out[field] = values.flatMap((v) => v.split(',')).filter(Boolean);
    else if ((types.includes('integer') || types.includes('number')) && one.trim() !== '' && Number.isFinite(Number(one))) out[field] = Number(one);
    else if (types.includes('boolean') && (one === 'true' || one === 'false')) out[field] = one === 'true';
    else out[field] = one;
  }
  return out;
}

const propertyCache = new Map<string, Record<string, string[]>>();

function requestProperties(name: MethodName): Record<string, string[]> {
  let props = propertyCache.get(name);
  if (!props) {
    const schema = jsonSchemaOf(contract[name].request) as { properties?: Record<string, JsonSchema> };
    props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, typesOf(v)]));
    propertyCache.set(name, props);
  }
  return props;
}

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[] };

function typesOf(s: JsonSchema): string[] {
  const own = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  return [...own, ...(s.anyOf ?? []).flatMap(typesOf), ...(s.oneOf ?? []).flatMap(typesOf)];
}
