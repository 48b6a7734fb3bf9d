// Finds the Electron executable, downloading it once if needed, without hanging.
//
// `require('electron')` would do the same, but when the binary is missing it runs Electron's
// install.js with the terminal attached and no time limit, then throws a message about deleting
// node_modules. Here the same install.js runs as a child with its output collected and a time
// limit, so a machine without network gets one line saying why within seconds (a refused or
// unresolvable host fails at once; an unanswered connection gives up after fetch's 10 s connect
// timeout).
import { spawn } from 'node:child_process';
import dns from 'node:dns/promises';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ELECTRON_DIR = path.join(ROOT, 'node_modules', 'electron');

/** The executable if it is already there: what electron/index.js would return without downloading
 * (ELECTRON_OVERRIDE_DIST_PATH names a folder holding an Electron build, as for index.js). */
function installedPath() {
  const pathFile = path.join(ELECTRON_DIR, 'path.txt');
  const rel = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8') : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const exe = override ? path.join(override, rel || 'electron') : rel ? path.join(ELECTRON_DIR, 'dist', rel) : null;
  return exe && fs.existsSync(exe) ? exe : null;
}

/**
 * Resolves to { ok: true, path, version } or { ok: false, reason } (one line). `onSlow` is called
 * once if the download is still running after a few seconds (it is ~100 MB).
 */
export async function obtainElectron({ timeoutMs = Number(process.env.CAIRN_ELECTRON_DOWNLOAD_TIMEOUT_MS) || 10 * 60_000, onSlow = () => {} } = {}) {
  let version;
  try {
    version = JSON.parse(fs.readFileSync(path.join(ELECTRON_DIR, 'package.json'), 'utf8')).version;
  } catch {
    return { ok: false, reason: 'the electron package is not installed (npm install)' };
  }
  const ready = installedPath();
  if (ready) return { ok: true, path: ready, version };

  const result = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ELECTRON_DIR, 'install.js')], { cwd: ELECTRON_DIR, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const slow = setTimeout(onSlow, 4_000);
    const limit = setTimeout(() => {
      output += `\ntimed out after ${Math.round(timeoutMs / 1000)} s`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (err) => (output += `\n${err.message}`));
    child.on('close', (code) => {
      clearTimeout(slow);
      clearTimeout(limit);
      resolve({ ok: code === 0, output });
    });
  });
  const exe = result.ok ? installedPath() : null;
  if (exe) return { ok: true, path: exe, version };
  return { ok: false, reason: `Electron ${version}'s binary cannot be downloaded on this machine (${await explain(result.output)})` };
}

/** install.js says only "fetch failed" when there is no network: name the host it could not reach. */
async function explain(output) {
  const error = firstError(output);
  if (!/fetch failed/.test(error)) return error;
  const host = new URL(process.env.ELECTRON_MIRROR || process.env.npm_config_electron_mirror || 'https://github.com/').host;
  const lookup = dns.lookup(host).then(
    () => null,
    (err) => `${host}: ${err.code ?? err.message}`,
  );
  const verdict = await Promise.race([lookup, new Promise((r) => setTimeout(() => r(null), 3_000).unref())]);
  return verdict ? `no network, ${verdict}` : error;
}

function firstError(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '));
  return (lines.find((l) => /error|failed|timed out|ENOTFOUND|ECONN/i.test(l)) ?? lines.at(-1) ?? 'install.js gave no reason').slice(0, 200);
}
