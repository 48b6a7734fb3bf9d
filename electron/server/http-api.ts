// The contract over HTTP: POST /api/<method> with the request as JSON, answered with the
// response as JSON. Routes are derived from the contract table, validated by its schemas.
// Events stream at GET /api/events (server-sent events) so every open screen hears of indexing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequest, contract, type MethodName } from '../../shared/contract.ts';
import type { Engine } from '../engine/engine.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export function isMethod(name: string): name is MethodName {
  return Object.hasOwn(contract, name);
}

export async function handleApi(engine: Engine, req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
  if (name === 'events') return streamEvents(engine, req, res);
  if (!isMethod(name)) return json(res, 404, { error: `no such method "${name}"; methods: ${Object.keys(contract).join(', ')}` });
  if (req.method !== 'POST') return json(res, 405, { error: `use POST /api/${name} with a JSON body` });
  let body: unknown;
  try {
    const text = await readBody(req);
    body = text.trim() ? JSON.parse(text) : {};
  } catch (err) {
    return json(res, 400, { error: `the request body is not JSON: ${(err as Error).message}` });
  }
  try {
    const call = engine[name] as (r: unknown) => Promise<unknown>;
    json(res, 200, await call.call(engine, body));
  } catch (err) {
    if (err instanceof BadRequest) json(res, 400, { error: err.message });
    else json(res, 500, { error: (err as Error).message });
  }
}

function streamEvents(engine: Engine, req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.write(': connected\n\n');
  const send = (event: string) => (data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const onProgress = send('indexProgress');
  const onChanged = send('pagesChanged');
  engine.events.on('indexProgress', onProgress);
  engine.events.on('pagesChanged', onChanged);
  req.on('close', () => {
    engine.events.off('indexProgress', onProgress);
    engine.events.off('pagesChanged', onChanged);
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error(`larger than ${MAX_BODY_BYTES} bytes`));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(value));
}
