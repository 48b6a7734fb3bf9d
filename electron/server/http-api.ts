// The contract over HTTP: POST /api/<method> with the request as JSON, answered with the
// response as JSON. Routes are derived from the contract table, validated by its schemas.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PERSON, type Caller } from '../../shared/caller.ts';
import { contract, type MethodName } from '../../shared/contract.ts';
import { dispatch, isMethod, type CairnService, type Outcome } from '../../shared/dispatch.ts';
import { CairnError, errorBody, type ErrorCode } from '../../shared/errors.ts';
import { MAX_REQUEST_BYTES } from '../../shared/limits.ts';
import { jsonBodyRefusal } from './request-guard.ts';
import { decodeUtf8 } from './utf8-body.ts';

class BodyTooLarge extends Error {}

/** How each typed error is answered over HTTP: the one table every refusal of the server goes through. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  conflict: 409,
  'precondition-required': 428,
  'too-large': 413,
  'unsupported-media-type': 415,
  'missing-refs': 422,
  'invalid-page': 422,
  internal: 500,
  damaged: 500,
  'read-only': 503,
  busy: 503,
  unavailable: 503,
};

/** A busy database is usually free again within a write or two: when a client may try again (seconds). */
export const RETRY_AFTER_S = 2;

export async function handleApi(service: CairnService, req: IncomingMessage, res: ServerResponse, name: string, caller: Caller = PERSON): Promise<void> {
  if (!isMethod(name)) return refuse(res, 'not-found', `no such method "${name}"; methods: ${Object.keys(contract).join(', ')}`);
  if (req.method !== 'POST') return refuse(res, 'method-not-allowed', `use POST /api/${name} with a JSON body`, { allow: 'POST' });
  const body = await readJson(req, res);
  if (body === NO_BODY) return;
  answer(res, await dispatch(service, name, body, caller));
}

/** Answers a dispatched call: its value, or its typed error at the status for its code. */
export function answer(res: ServerResponse, outcome: Outcome<MethodName>): void {
  if (outcome.ok) json(res, 200, outcome.value);
  else answerError(res, outcome.error);
}

/** Refuses a request: the code decides the status (HTTP_STATUS), the message says why. */
export function refuse(res: ServerResponse, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  answerError(res, new CairnError(code, message), headers);
}

/** Any error as its answer: ours at their code's status, anything else as `internal`; a busy one says when to try again. */
export function answerError(res: ServerResponse, err: unknown, headers: Record<string, string> = {}): void {
  const body = errorBody(err);
  json(res, HTTP_STATUS[body.code], body, body.code === 'busy' ? { 'retry-after': String(RETRY_AFTER_S), ...headers } : headers);
}

export const NO_BODY: unique symbol = Symbol('no body');

/** The request's JSON body (`{}` when empty), or NO_BODY once the request has been answered with why not (415, 413, 400). */
export async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const refused = jsonBodyRefusal(req);
  if (refused) {
    refuse(res, refused.code, refused.error);
    return NO_BODY;
  }
  try {
    const text = decodeUtf8(await readBody(req));
    return text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    if (err instanceof BodyTooLarge) refuse(res, 'too-large', err.message, { connection: 'close' });
    else if (err instanceof CairnError) answerError(res, err);
    else refuse(res, 'bad-request', `the request body is not JSON: ${(err as Error).message}`);
    return NO_BODY;
  }
}

/** The body's bytes, or BodyTooLarge as soon as it passes MAX_REQUEST_BYTES, the limit of every door (the rest is read and dropped). */
function readBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = () => new BodyTooLarge(`the request body is larger than ${MAX_REQUEST_BYTES} bytes`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (size > MAX_REQUEST_BYTES) return;
      size += c.length;
      if (size <= MAX_REQUEST_BYTES) return void chunks.push(c);
      chunks.length = 0;
      reject(tooLarge());
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function json(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(value));
}
