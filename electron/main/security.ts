// What the window may do: load only the app's own files, from its own scheme, under the same
// Content-Security-Policy `cairn serve` sends; never navigate away, never open windows, never get
// a permission. Links to the web open in the system browser.
//
// Why app:// and not file://: a file:// page's origin covers the whole disk (any file could be
// fetched or framed), 'self' in a CSP means little there, and Electron's security checklist asks
// for a custom protocol. app://cairn is a standard, secure origin whose only content is the
// built renderer.
import { app, net, protocol, session, shell, type Session, type WebContents } from 'electron';
import { pathToFileURL } from 'node:url';
import { CONTENT_SECURITY_POLICY } from '../server/serve.ts';
import { APP_HOST, APP_SCHEME, appFile, externalUrl, isAppUrl } from './policy.ts';

const RESPONSE_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
};

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ]);
}

/**
 * Serves the built renderer (`dir`, which may lie inside app.asar) on app://cairn/.
 * `protocol.registerSource` streams the files without touching the main thread, where the engine
 * runs, so the UI loads at full speed while the first indexing run is busy; it is marked
 * experimental, so a build of Electron without it falls back to a `protocol.handle` handler with
 * the same rules (appFile: no path outside `dir`).
 */
export function serveRenderer(dir: string): void {
  if (typeof protocol.registerSource === 'function') {
    protocol.registerSource(APP_SCHEME, {
      routes: [{ match: { host: APP_HOST }, source: { type: 'directory', root: dir, index: 'index.html', headers: RESPONSE_HEADERS } }],
    });
    return;
  }
  protocol.handle(APP_SCHEME, async (request) => {
    const file = request.method === 'GET' || request.method === 'HEAD' ? appFile(dir, request.url) : null;
    if (!file) return new Response('not found', { status: 404, headers: RESPONSE_HEADERS });
    const res = await net.fetch(pathToFileURL(file).href);
    const headers = new Headers(res.headers);
    for (const [k, v] of Object.entries(RESPONSE_HEADERS)) headers.set(k, v);
    return new Response(res.body, { status: res.status, headers });
  });
}

/** No permission is ever granted (camera, notifications, geolocation, …), except writing plain
 * text to the clipboard from the app's own pages, which the "copy" buttons use. */
export function denyPermissions(ses: Session = session.defaultSession): void {
  const allowed = (permission: string, origin: string) => permission === 'clipboard-sanitized-write' && isAppUrl(origin);
  ses.setPermissionRequestHandler((contents, permission, callback) => callback(allowed(permission, contents.getURL())));
  ses.setPermissionCheckHandler((_contents, permission, origin) => allowed(permission, origin));
  ses.setDevicePermissionHandler(() => false);
}

/** Applies to every web contents the app ever creates: no navigation off the app, no new
 * windows, no <webview>; http(s) links go to the system browser. */
export function guardAllWebContents(): void {
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents));
}

function guardWebContents(contents: WebContents): void {
  const openOutside = (url: string) => {
    const external = externalUrl(url);
    if (external) void shell.openExternal(external);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return;
    event.preventDefault();
    openOutside(event.url);
  });
  contents.on('will-redirect', (event) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
