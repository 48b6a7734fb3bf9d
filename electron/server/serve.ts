// `cairn serve`: the app's UI and the contract over HTTP on one port. The same UI the desktop
// app shows, for a browser (and the end-to-end tests); loopback only unless told otherwise.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';
import { PACKAGE_ROOT } from '../engine/config/settings.ts';
import type { Engine } from '../engine/engine.ts';
import { handleApi } from './http-api.ts';

export const RENDERER_DIST = path.join(PACKAGE_ROOT, 'dist', 'renderer');

/** Same policy the Electron window sets: nothing remote, no inline script. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export interface ServeOptions {
  port: number;
  host: string;
  uiDir?: string;
}

export function startServer(engine: Engine, opts: ServeOptions): Promise<http.Server> {
  const uiDir = opts.uiDir ?? RENDERER_DIST;
  const hasUi = fs.existsSync(path.join(uiDir, 'index.html'));
  const assets = hasUi ? sirv(uiDir, { single: true, dev: false, etag: true }) : null;
  const server = http.createServer((req, res) => {
    res.setHeader('content-security-policy', CONTENT_SECURITY_POLICY);
    res.setHeader('x-content-type-options', 'nosniff');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api/')) {
      void handleApi(engine, req, res, url.pathname.slice('/api/'.length));
      return;
    }
    if (assets) return assets(req, res, () => notFound(res));
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`The UI is not built (no ${uiDir}/index.html): run \`npm run build:renderer\`. The API answers at /api/<method>.\n`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new Error(`port ${opts.port} on ${opts.host} is in use: pass --port N (0 picks a free one)`) : err),
    );
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}

function notFound(res: http.ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found\n');
}
