// Builds the UI (renderer/ → dist/renderer) when it is missing, for `npm start` and `cairn serve`
// on a fresh install. Several processes may start at once (two terminals, a test run): each builds
// into a folder of its own and renames it into place, so no one ever serves a half-written build,
// and whoever comes second keeps the first build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RENDERER_DIST = path.join(ROOT, 'dist', 'renderer');

export async function ensureRenderer({ outDir = RENDERER_DIST, log = () => {} } = {}) {
  if (fs.existsSync(path.join(outDir, 'index.html'))) return { ok: true, built: false };
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!fs.existsSync(vite)) return { ok: false, reason: 'the UI is not built and vite is not installed to build it (run `npm install`)' };
  const tmp = `${outDir}.building-${process.pid}-${Date.now()}`;
  log(`building the UI into ${path.relative(process.cwd(), outDir) || outDir} (once, a few seconds)…`);
  const { code, output } = await run(process.execPath, [vite, 'build', '--outDir', tmp, '--emptyOutDir', '--logLevel', 'warn']);
  if (code !== 0) {
    fs.rmSync(tmp, { recursive: true, force: true });
    return { ok: false, reason: `building the UI failed (vite exited with ${code}):\n${output}` };
  }
  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  try {
    if (fs.existsSync(outDir) && !fs.existsSync(path.join(outDir, 'index.html'))) fs.rmSync(outDir, { recursive: true, force: true }); // an empty or broken leftover
    fs.renameSync(tmp, outDir);
  } catch (err) {
    // another process renamed its build into place first: keep that one
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!fs.existsSync(path.join(outDir, 'index.html'))) return { ok: false, reason: `could not move the built UI into ${outDir}: ${err.message}` };
  }
  return { ok: true, built: true };
}

function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ code: -1, output: `${output}${err.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}
