// The same search → page flow in the desktop app. Runs where the Electron binary exists and the
// shell is built (dist/electron/main.cjs); skipped, with the reason, where it is not.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { ROOT } from './app.ts';
import { searchAndOpenFirst } from './flows.ts';

const MAIN = path.join(ROOT, 'dist', 'electron', 'main.cjs');

/**
 * The Electron binary's path, or why there is none. Read the way `require('electron')` finds it
 * (node_modules/electron/path.txt), without running that module: it would try to download the
 * binary, which these machines cannot.
 */
function electronBinary(): { path: string } | { missing: string } {
  let dir: string;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve('electron'));
  } catch (err) {
    return { missing: `the electron package cannot be resolved (${(err as Error).message.split('\n')[0]})` };
  }
  const pathFile = path.join(dir, 'path.txt');
  const name = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (!name && !override) return { missing: `the Electron binary is not installed (no ${path.relative(ROOT, pathFile)}; it cannot be downloaded here)` };
  const binary = override ? path.join(override, name ?? 'electron') : path.join(dir, 'dist', name!);
  if (!fs.existsSync(binary)) return { missing: `the Electron binary is missing: ${binary}` };
  return { path: binary };
}

const found = electronBinary();

test.describe('desktop app', () => {
  test.skip('missing' in found, 'missing' in found ? found.missing : '');
  test.skip(!fs.existsSync(MAIN), `the desktop shell is not built: no ${path.relative(ROOT, MAIN)}`);

  test('search, then open the first result with its backlinks', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-electron-'));
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'CAIRN_ROOTS') env[k] = v;
    Object.assign(env, { CAIRN_CONFIG: path.join(tmp, 'no-config.json'), CAIRN_DB: path.join(tmp, 'cairn.db') });
    const app = await electron.launch({
      executablePath: (found as { path: string }).path,
      args: [...(process.platform === 'linux' ? ['--no-sandbox'] : []), MAIN],
      cwd: ROOT,
      env,
    });
    try {
      const window = await app.firstWindow();
      await expect(window.locator('.nav')).toBeVisible();
      expect(await window.evaluate(() => typeof (globalThis as { cairn?: unknown }).cairn)).toBe('object');
      await searchAndOpenFirst(window);
    } finally {
      await app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
