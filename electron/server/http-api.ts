// The contract over HTTP: POST /api/<method> with the request as JSON, answered with the
// response as JSON. Routes are derived from the contract table, validated by its schemas.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PERSON, type Caller } from '../../shared/caller.ts';
import { contract, type MethodName } from '../../shared/contract.ts';
import { dispatch, isMethod, type CairnService, type Outcome } from '../../shared/dispatch.ts';
import { errorBody, type ErrorCode } from '../../shared/errors.ts';
import { jsonBodyRefusal } from './request-guard.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

class BodyTooLarge extends Error {}

/** How each typed error is answered over HTTP. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'missing-refs': 422,
  'invalid-page': 422,
  'read-only': 503,
  internal: 500,
};

export async function handleApi(service: CairnService, req: IncomingMessage, res: ServerResponse, name: string, caller: Caller = PERSON): Promise<void> {
  if (!isMethod(name)) return json(res, 404, { error: `no such method "${name}"; methods: ${Object.keys(contract).join(', ')}` });
  if (req.method !== 'POST') return json(res, 405, { error: `use POST /api/${name} with a JSON body` }, { allow: 'POST' });
  const body = await readJson(req, res);
  if (body === NO_BODY) return;
  answer(res, await dispatch(service, name, body, caller));
}

/** Answers a dispatched call: its value, or its typed error at the status for its code. */
export function answer(res: ServerResponse, outcome: Outcome<MethodName>): void {
  if (outcome.ok) json(res, 200, outcome.value);
  else json(res, HTTP_STATUS[outcome.error.code], errorBody(outcome.error));
}

export const NO_BODY: unique symbol = Symbol('no body');

/** The request's JSON body (`{}` when empty), or NO_BODY once the request has been answered with why not (415, 413, 400). */
export async function readJson(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const refused = jsonBodyRefusal(req);
  if (refused) {
    json(res, refused.status, { error: refused.error });
    return NO_BODY;
  }
  try {
    const text = await readBody(req);
    return text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    if (err instanceof BodyTooLarge) json(res, 413, { error: err.message }, { connection: 'close' });
    else json(res, 400, { error: `the request body is not JSON: ${(err as Error).message}` });
    return NO_BODY;
  }
}

/** The body as text, or BodyTooLarge as soon as it passes MAX_BODY_BYTES (the rest is read and dropped). */
function readBody(req: IncomingMessage): Promise<string> {
  const tooLarge = () => new BodyTooLarge(`the request body is larger than ${MAX_BODY_BYTES} bytes`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      if (size > MAX_BODY_BYTES) return;
      size += c.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(c);
      chunks.length = 0;
      reject(tooLarge());
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
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
