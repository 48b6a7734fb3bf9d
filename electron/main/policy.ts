// The shell's rules, as plain functions: which URLs are the app, which may open in the system
// browser, which files the desktop actions may touch, what the command line says. No electron
// import here, so these rules are unit-tested in plain Node (policy.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** The renderer is served on its own privileged scheme, never from file:// (see security.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'cairn';
export const APP_ENTRY = `${APP_SCHEME}://${APP_HOST}/index.html`;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True for the app's own pages: the only origin that may load, navigate, or call IPC. */
export function isAppUrl(url: string): boolean {
  const u = parseUrl(url);
  return u !== null && u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST;
}

/** The URL to hand to the system browser, or null when it must not leave the app at all. */
export function externalUrl(url: string): string | null {
  const u = parseUrl(url);
  return u && (u.protocol === 'https:' || u.protocol === 'http:') ? u.href : null;
}

/**
 * The file an app:// URL names inside `dir`, or null when the URL is not the app's or its
 * path would leave `dir` (`..`, encoded separators). "/" is the index page.
 */
export function appFile(dir: string, url: string): string | null {
  const u = parseUrl(url);
  if (!u || !isAppUrl(url)) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  if (rel.endsWith('/')) rel += 'index.html';
  const file = path.resolve(dir, `.${rel}`);
  return isInside(dir, file) && file !== path.resolve(dir) ? file : null;
}

/** True when `file` is `dir` or lies below it, after resolving `.` and `..` (no symlink games). */
export function isInside(dir: string, file: string): boolean {
  const rel = path.relative(path.resolve(dir), path.resolve(file));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

export type DesktopAction = 'openInEditor' | 'revealInFolder';

/** Page files an editor may be asked to open: `shell.openPath` runs whatever is associated with a
 * file type, so it is never handed an executable or a folder. */
const EDITABLE = new Set(['.md', '.markdown']);

/**
 * Checks a path the renderer asked to open or reveal: an absolute path inside one of the
 * configured roots that exists (and, to open, is a markdown file). Returns the resolved path, or
 * an error that names the path and the rule it broke.
 */
export function desktopTarget(roots: readonly string[], input: unknown, action: DesktopAction): { path: string } | { error: string } {
  if (typeof input !== 'string' || input.length === 0) return { error: `${action}: expected a file path, got ${typeof input}` };
  if (!path.isAbsolute(input)) return { error: `${action}: "${input}" is not an absolute path` };
  const file = path.resolve(input);
  if (!roots.some((root) => isInside(root, file))) return { error: `${action}: "${file}" is not inside a wiki root (${roots.join(', ')})` };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return { error: `${action}: "${file}" does not exist` };
  }
  if (action === 'openInEditor' && (!stat.isFile() || !EDITABLE.has(path.extname(file).toLowerCase()))) {
    return { error: `${action}: "${file}" is not a markdown page` };
  }
  return { path: file };
}

export interface ShellArgs {
  roots: string[];
  db: string | undefined;
}

/**
 * The app's own arguments: `[--db FILE] [ROOT...]`, as for `cairn serve` (whose --port, --host and
 * --no-watch are accepted and ignored, so `npm start` passes the same arguments to either door).
 * `argv` is process.argv: in a packaged app the arguments follow the executable; in development
 * they follow the app's script or folder, which may come after switches (Playwright puts
 * `--inspect=0 --remote-debugging-port=0` first). Chromium switches (`--foo=bar`) are ignored, as
 * are macOS's `-psn_…` launch arguments.
 */
export function parseShellArgs(argv: readonly string[], isPackaged: boolean): ShellArgs {
  let args = argv.slice(1);
  if (!isPackaged) {
    const appAt = args.findIndex((a) => !a.startsWith('-'));
    args = appAt >= 0 ? args.slice(appAt + 1) : [];
  }
  const { values, positionals } = parseArgs({
    args,
    options: { db: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'no-watch': { type: 'boolean' } },
    strict: false,
    allowPositionals: true,
  });
  return {
    roots: positionals.filter((p) => !p.startsWith('-')),
    db: typeof values.db === 'string' ? values.db : undefined,
  };
}
