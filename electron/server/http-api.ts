// The contract over HTTP: POST /api/<method> with the request as JSON, answered with the
// response as JSON. Routes are derived from the contract table, validated by its schemas.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequest, contract, type MethodName } from '../../shared/contract.ts';
import type { Engine } from '../engine/engine.ts';
import { jsonBodyRefusal } from './request-guard.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

class BodyTooLarge extends Error {}

export function isMethod(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

export async function handleApi(engine: Engine, req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
  if (!isMethod(name)) return json(res, 404, { error: `no such method "${name}"; methods: ${Object.keys(contract).join(', ')}` });
  if (req.method !== 'POST') return json(res, 405, { error: `use POST /api/${name} with a JSON body` }, { allow: 'POST' });
  const refused = jsonBodyRefusal(req);
  if (refused) return json(res, refused.status, { error: refused.error });
  let body: unknown;
  try {
    const text = await readBody(req);
    body = text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    if (err instanceof BodyTooLarge) return json(res, 413, { error: err.message }, { connection: 'close' });
    return json(res, 400, { error: `the request body is not JSON: ${(err as Error).message}` });
  }
  try {
    const call = engine[name] as (r: unknown) => Promise<unknown>;
    json(res, 200, await call.call(engine, body));
  } catch (err) {
    if (err instanceof BadRequest) json(res, err.name === 'WriteConflict' ? 409 : 400, { error: err.message });
    else json(res, 500, { error: (err as Error).message });
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
