// Builds the renderer when dist/renderer is missing or older than its sources, then starts
// `cairn serve --port 0` on the demo wiki with a fresh database in a temporary folder (and a
// config path that does not exist, so the user's own config is never read). The URL it prints
// is handed to the tests in CAIRN_E2E_URL; the returned function stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { NO_HUB } from '../electron/engine/testing/cairn-process.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCli } from '../build/cli/build.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST_INDEX = path.join(ROOT, 'dist', 'renderer', 'index.html');
const READY_LIMIT_MS = 120_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

function buildRendererIfNeeded(): void {
  const built = fs.existsSync(DIST_INDEX) ? fs.statSync(DIST_INDEX).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'renderer')),
    newestMtime(path.join(ROOT, 'shared')),
    fs.statSync(path.join(ROOT, 'vite.config.ts')).mtimeMs,
  );
  if (built >= sources) return;
  process.stdout.write('e2e: building the renderer (vite build)…\n');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const run = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`vite build failed (exit ${run.status ?? run.signal})`);
}

async function call<T>(url: string, method: string, body: unknown): Promise<T> {
  const res = await fetch(new URL(`api/${method}`, url), { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return (await res.json()) as T;
}

/**
 * Ready when the first indexing run is recorded and search uses the model that run left (the
 * semantic lane may build and load its model during the run): every test then sees one index.
 */
async function waitForIndex(url: string, server: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + READY_LIMIT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`cairn serve exited with ${server.exitCode}`);
    try {
      const status = await call<{ lastRun: { model?: string | null } | null; indexing: unknown }>(url, 'status', {});
      if (status.lastRun && !status.indexing) {
        const wanted = status.lastRun.model;
        if (wanted === undefined || (await call<{ model: string | null }>(url, 'search', { query: 'cairn', k: 1 })).model === wanted) return;
      }
    } catch {
      /* not answering yet */
    }
    if (Date.now() > deadline) throw new Error(`the demo wiki was not indexed within ${READY_LIMIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  buildRendererIfNeeded();
  await ensureCli();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-'));
  process.env.CAIRN_E2E_TMP = tmp;
  // The demo wiki (the default root), never roots or a database from the caller's environment.
  // no reranker, and never the real hub, whatever the caller's environment says
  const env: NodeJS.ProcessEnv = { ...process.env, CAIRN_CONFIG: path.join(tmp, 'no-config.json'), CAIRN_RERANKER: 'none', HF_ENDPOINT: NO_HUB };
  delete env.CAIRN_ROOTS;
  delete env.CAIRN_DB;
  const server = spawn(process.execPath, [path.join(ROOT, 'electron', 'cairn.mjs'), 'serve', '--port', '0', '--no-watch', '--db', path.join(tmp, 'cairn.db')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Cairn is serving on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!.endsWith('/') ? m[1]! : `${m[1]}/`);
    });
    server.once('exit', (code) => reject(new Error(`cairn serve exited with ${code} before serving:\n${stderr}`)));
    server.once('error', reject);
  });
  await waitForIndex(url, server);
  process.env.CAIRN_E2E_URL = url;
  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      const stubborn = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(stubborn);
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  };
}
