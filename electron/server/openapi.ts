// /api/openapi.json: the HTTP API described from the contract itself (OpenAPI 3.1, whose schemas
// are JSON Schema 2020-12, what z.toJSONSchema writes), so the document cannot drift from the
// routes: POST /api/<method> for every method, and the /api/wiki routes of the route table.
import { z } from 'zod';
import { contract, type MethodName } from '../../shared/contract.ts';
import { ERROR_CODES } from '../../shared/errors.ts';
import { jsonSchemaOf } from '../../shared/json-schema.ts';
import { MAX_PAGE_BODY_CHARS, MAX_REQUEST_BYTES } from '../../shared/limits.ts';
import { HTTP_STATUS } from './http-api.ts';
import { WIKI_ROUTES, type WikiRoute } from './wiki-routes.ts';

type Json = Record<string, unknown>;

const ErrorBody = z.object({
  code: z.enum(ERROR_CODES),
  error: z.string().describe('what is wrong, in a sentence naming the field, file or key'),
  missing: z.array(z.string()).optional().describe('for a write refused for its links (422): the keys that name no page'),
  currentHash: z
    .string()
    .nullable()
    .optional()
    .describe('for a write refused for its base (409, 428): the hash of the file now, to send as baseHash (null: there is none)'),
  currentText: z.string().optional().describe("for a conflict (409): the file's whole text now"),
  currentBody: z.string().optional().describe('for a conflict (409): its body now, as a read shows it: merge your body into this'),
});

/** What each status means to a client; the codes answered at each come from HTTP_STATUS, the one table. */
const ERRORS: Record<number, string> = {
  400: 'the request does not fit the schema (the message names the field), or is malformed (a repeated Host, a body that is not UTF-8)',
  401: 'no token, or an unknown one (when the server has tokens)',
  403: "refused: a foreign Host or Origin, or not this caller's to do",
  404: 'no such page or thing',
  405: 'the route does not take this HTTP method (`Allow` names the ones it does)',
  409: 'the file changed since baseHash (or another writer created the page first): nothing was written; `currentHash`, `currentText` and `currentBody` say what it holds now',
  413: `the request is over ${MAX_REQUEST_BYTES} bytes, the limit of every door (room for a page body of ${MAX_PAGE_BODY_CHARS} characters as JSON)`,
  415: 'the body is not sent as application/json',
  428: "an agent replaced an existing page's body without baseHash: nothing was written; `currentHash` is the hash to read and send",
  422: 'the write links pages that do not exist (`missing`), or its page would not read back (its YAML): nothing was written',
  500: 'an unexpected failure (`internal`), or a damaged index (`damaged`, the message says what to do)',
  503: 'the index is read-only (`read-only`), or another process holds it (`busy`: nothing was done, retry after `Retry-After` seconds)',
};

function responses(name: MethodName): Json {
  const out: Json = { '200': { description: 'the answer', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}.response` } } } } };
  const codesAt = new Map<number, string[]>();
  for (const [code, status] of Object.entries(HTTP_STATUS)) codesAt.set(status, [...(codesAt.get(status) ?? []), code]);
  for (const [status, codes] of [...codesAt].sort(([a], [b]) => a - b)) {
    const description = `${ERRORS[status] ?? 'refused'} (code ${codes.join(' or ')})`;
    out[String(status)] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return out;
}

function wikiOperation(route: WikiRoute, name: MethodName): Json {
  const op: Json = {
    operationId: `wiki_${route.verb.toLowerCase()}_${route.path.replace(/[{}+]/g, '').split('/').filter(Boolean).join('_')}`,
    summary: route.summary ?? contract[name].summary,
    description: `Answered by the contract method \`${name}\`: ${contract[name].summary}`,
    tags: ['wiki'],
    responses: responses(name),
  };
  const parameters: Json[] = [];
  for (const m of route.path.matchAll(/\{(\w+)\+?\}/g)) {
    parameters.push({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: 'percent-encode each segment; `/` separates the folders of a path-style key',
    });
  }
  if (route.from === 'query') {
    const request = jsonSchemaOf(contract[name].request, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [field, s] of Object.entries(request.properties ?? {})) {
      if (route.path.includes(`{${field}`)) continue;
      parameters.push({ name: field, in: 'query', required: (request.required ?? []).includes(field) && !route.build, schema: s });
    }
  }
  if (parameters.length) op.parameters = parameters;
  if (route.from === 'body') {
    op.requestBody = {
      required: true,
      content: {
        'application/json': { schema: route.requestDoc ? jsonSchemaOf(route.requestDoc, 'input') : { $ref: `#/components/schemas/${name}.request` } },
      },
    };
  }
  return op;
}

export function openApiDocument(opts: { tokens: boolean }): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, Json> = { Error: jsonSchemaOf(ErrorBody, 'output') };
  for (const name of Object.keys(contract) as MethodName[]) {
    schemas[`${name}.request`] = jsonSchemaOf(contract[name].request, 'input');
    schemas[`${name}.response`] = jsonSchemaOf(contract[name].response, 'output');
    paths[`/api/${name}`] = {
      post: {
        operationId: name,
        summary: contract[name].summary,
        tags: ['contract'],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}.request` } } } },
        responses: responses(name),
      },
    };
  }
  for (const route of WIKI_ROUTES) {
    const name = route.method;
    const at = `/api${route.path.replace('+}', '}')}`;
    paths[at] = { ...paths[at], [route.verb.toLowerCase()]: wikiOperation(route, name) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cairn',
      version: '1',
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        "The shared markdown wiki for AI agents: every door speaks one contract. POST /api/<method> takes the method's request as JSON; /api/wiki/… are path-shaped routes over the same methods.",
    },
    // relative: the paths are this server's, under whatever name and scheme the client reached it by
    servers: [{ url: '/', description: 'the server that answered this document' }],
    paths,
    components: {
      schemas,
      ...(opts.tokens
        ? {
            securitySchemes: {
              bearer: { type: 'http', scheme: 'bearer', description: 'a token from CAIRN_TOKENS or the config file; the request runs as its agent' },
            },
          }
        : {}),
    },
    ...(opts.tokens ? { security: [{ bearer: [] }] } : {}),
    tags: [
      { name: 'contract', description: 'one route per contract method' },
      { name: 'wiki', description: 'the wiki API for agents, over the same methods' },
    ],
  };
}
