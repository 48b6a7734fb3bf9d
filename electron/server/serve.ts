// `cairn serve`: the app's UI and the contract over HTTP on one port. The same UI the desktop
// app shows, for a browser (and the end-to-end tests); the wiki API for agents (/api/wiki/…) and
// its OpenAPI document; MCP over Streamable HTTP at /mcp. Loopback only, unless tokens are
// configured: then every /api and /mcp request needs one and runs as its agent.
//
// No request can stop the server: each one is handled inside a guard that answers 400 to
// anything malformed and 500 to anything unexpected, and routing never throws.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sirv from 'sirv';
import { PACKAGE_ROOT } from '../engine/config/settings.ts';
import type { EngineApi } from '../engine/engine-api.ts';
import { bearerAuth } from './bearer.ts';
import { eventHub } from './event-stream.ts';
import { answerError, handleApi, refuse } from './http-api.ts';
import { openApiDocument } from './openapi.ts';
import { handleWiki, matchRoute } from './wiki-routes.ts';
import { handleMcpHttp, MCP_PATH } from '../mcp/mcp-http.ts';
import { allowedHosts, isLoopback, refusal } from './request-guard.ts';

export const RENDERER_DIST = path.join(PACKAGE_ROOT, 'dist', 'renderer');

/** Same policy the Electron window sets: nothing remote, no inline script, no form sent anywhere (the UI has none; default-src does not cover where a form goes). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ServeOptions {
  port: number;
  host: string;
  /** Names besides the loopback ones that requests may use in `Host` (e.g. a name in /etc/hosts for 127.0.0.1). */
  allowHosts?: string[];
  uiDir?: string;
  /** Bearer token → agent. With tokens, every /api and /mcp request needs one, and the server may bind beyond loopback. */
  tokens?: Readonly<Record<string, string>>;
  /** How often the event stream says the server is alive (default HEARTBEAT_MS). */
  heartbeatMs?: number;
}

/** What the server takes of the engine: the service it dispatches to as each request's caller, and the events it streams. */
export type ServedEngine = Pick<EngineApi, 'service' | 'events'>;

export function startServer({ service, events: engineEvents }: ServedEngine, opts: ServeOptions): Promise<http.Server> {
  const tokens = opts.tokens ?? {};
  if (!isLoopback(opts.host) && !Object.keys(tokens).length) {
    return Promise.reject(
      new Error(
        `--host ${opts.host} is not a loopback address: binding beyond this machine needs per-agent tokens (CAIRN_TOKENS="token=agent,…" or "tokens" in the config file), and none are configured; use 127.0.0.1 or ::1`,
      ),
    );
  }
  const authenticate = bearerAuth(tokens);
  let openApi: string | null = null;
  const uiDir = opts.uiDir ?? RENDERER_DIST;
  const hasUi = fs.existsSync(path.join(uiDir, 'index.html'));
  const assets = hasUi ? sirv(uiDir, { single: true, dev: false, etag: true }) : null;
  const events = eventHub(engineEvents, opts.heartbeatMs);
  let hosts = new Set<string>();

  const route = (req: http.IncomingMessage, res: http.ServerResponse): void | Promise<void> => {
    res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
    res.setHeader('x-content-type-options', 'nosniff');
    const target = req.url ?? '';
    if (!target.startsWith('/')) return refuse(res, 'bad-request', 'the request target must be a path such as /api/status');
    const refused = refusal(req, hosts);
    if (refused) return refuse(res, refused.code, refused.error);
    const pathname = target.split(/[?#]/, 1)[0]!;
    const forAgents = pathname.startsWith('/api/') || pathname === '/api' || pathname === MCP_PATH;
    if (forAgents) {
      const who = authenticate(req);
      if (!('caller' in who)) return refuse(res, who.code, who.error, { 'www-authenticate': 'Bearer realm="cairn"' });
      const { caller } = who;
      if (pathname === MCP_PATH) return handleMcpHttp(service, req, res, caller);
      if (pathname === '/api/events') {
        if (req.method !== 'GET') return refuse(res, 'method-not-allowed', 'use GET /api/events', { allow: 'GET' });
        return events.open(req, res);
      }
      if (pathname === '/api/openapi.json') {
        if (req.method !== 'GET') return refuse(res, 'method-not-allowed', 'use GET /api/openapi.json', { allow: 'GET' });
        openApi ??= JSON.stringify(openApiDocument({ tokens: Object.keys(tokens).length > 0 }));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        return void res.end(openApi);
      }
      if (pathname.startsWith('/api/wiki/')) {
        const match = matchRoute(req.method ?? '', pathname.slice('/api'.length));
        if (!match) return refuse(res, 'not-found', `no wiki route ${pathname}; see GET /api/openapi.json`);
        if (!('route' in match)) return refuse(res, match.code, match.error, match.allow ? { allow: match.allow } : {});
        return handleWiki(service, req, res, match, new URLSearchParams(target.slice(pathname.length).split('#', 1)[0]!.replace(/^\?/, '')), caller);
      }
      return handleApi(service, req, res, pathname.slice('/api/'.length), caller);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return refuse(res, 'method-not-allowed', 'the UI answers GET only; the API is POST /api/<method>', { allow: 'GET, HEAD' });
    if (assets) return assets(req, res, () => refuse(res, 'not-found', `no file ${pathname} in the UI`));
    refuse(res, 'not-found', `the UI is not built (no ${uiDir}/index.html): run \`npm run build:renderer\`; the API answers at /api/<method>`);
  };

  const server = http.createServer((req, res) => {
    const fail = (err: unknown) => answerError(res, err);
    try {
      Promise.resolve(route(req, res)).catch(fail);
    } catch (err) {
      fail(err);
    }
  });
  server.on('close', () => events.close());
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`port ${opts.port} on ${opts.host} is in use: pass --port N (0 picks a free one)`) : err),
    );
    server.listen(opts.port, opts.host, () => {
      hosts = allowedHosts(opts.host, (server.address() as AddressInfo).port, opts.allowHosts);
      resolve(server);
    });
  });
}
