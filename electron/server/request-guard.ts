// Who may talk to the local server. Every web page the user visits can send requests to
// 127.0.0.1, and a DNS-rebinding page can even make them look same-origin; so every request,
// static files and the event stream included, must name this server in `Host`, must not come
// from a foreign `Origin`, and may change state only with a JSON body (which a page on another
// origin cannot send without a CORS preflight this server never grants).
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { ErrorCode } from '../../shared/errors.ts';

/** Why a request may not go on: its code (which decides the status) and a sentence. */
export interface Refusal {
  code: ErrorCode;
  error: string;
}

/** The `host:port` names a request may use for this server: the loopback names for the bound port, and configured names. */
export function allowedHosts(boundHost: string, port: number, extraNames: readonly string[] = []): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', bracketed(boundHost), ...extraNames.map((n) => n.toLowerCase())]);
  const out = new Set<string>();
  for (const n of names) {
    out.add(`${n}:${port}`);
    if (port === 80) out.add(n);
  }
  return out;
}

/** True for an address that only this machine can reach. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  return h === '::1';
}

/** Null when the request may go on, else its code and a sentence saying why it may not. */
export function refusal(req: IncomingMessage, hosts: ReadonlySet<string>): Refusal | null {
  // Node keeps the first of repeated Host headers; a proxy or cache may act on another one
  const named = req.rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === 'host').length;
  if (named > 1) return { code: 'bad-request', error: `refused: the request has ${named} Host headers; send exactly one` };
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) {
    return { code: 'forbidden', error: `refused: Host "${host}" is not this server (expected one of ${[...hosts].join(', ')}; add a name with --allow-host)` };
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isOwnOrigin(origin, hosts)) {
    return { code: 'forbidden', error: `refused: requests from the web page at ${origin} are not allowed; only this server's own pages may call it` };
  }
  // Browsers say where a request came from even when they send no Origin (a GET from <img>, <script>).
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return { code: 'forbidden', error: `refused: a ${site} request; only this server's own pages may call it` };
  }
  return null;
}

/** State changes need `Content-Type: application/json`: a cross-origin page cannot send it without a preflight. */
export function jsonBodyRefusal(req: IncomingMessage): Refusal | null {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return null;
  return { code: 'unsupported-media-type', error: `send the request body as JSON with "Content-Type: application/json" (got ${type ? `"${type}"` : 'none'})` };
}

function isOwnOrigin(origin: string, hosts: ReadonlySet<string>): boolean {
  const m = /^http:\/\/([^/]+)$/i.exec(origin);
  if (!m) return false;
  return hosts.has(m[1]!.toLowerCase());
}

function bracketed(host: string): string {
  return net.isIPv6(host) ? `[${host.toLowerCase()}]` : host.toLowerCase();
}
