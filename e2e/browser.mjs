#!/usr/bin/env node
// The Chromium the end-to-end tests drive: CAIRN_CHROMIUM when set, else the system's, else
// Playwright's own. Run before the tests (`npm test` does), it provisions one where there is none:
// `npx playwright install chromium`, and where that fails too (no network), it stops with one
// line that says what to install. playwright.config.ts asks the same question without installing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/snap/bin/chromium'];
/** What a system browser needs to run headless here: no sandbox as root, no GPU, no calls home. */
export const SYSTEM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function playwrightsOwn() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const exe = chromium.executablePath();
    return exe && fs.existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

/** { path, source } of the browser to use, or { path: null, reason }. */
export function findChromium(env = process.env) {
  if (env.CAIRN_CHROMIUM) {
    return fs.existsSync(env.CAIRN_CHROMIUM)
      ? { path: env.CAIRN_CHROMIUM, source: 'CAIRN_CHROMIUM' }
      : { path: null, reason: `CAIRN_CHROMIUM is ${env.CAIRN_CHROMIUM}, which does not exist` };
  }
  const system = SYSTEM.find((p) => fs.existsSync(p));
  if (system) return { path: system, source: 'system' };
  const own = playwrightsOwn();
  if (own) return { path: own, source: 'playwright' };
  return { path: null, reason: 'no Chromium on this machine' };
}

/** Finds a browser, installing Playwright's where there is none; false (having said why) where that fails. */
export function provideChromium({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const found = findChromium();
  if (found.path) return true;
  if (process.env.CAIRN_CHROMIUM) {
    log(`e2e: ${found.reason}: point CAIRN_CHROMIUM at a Chromium or Chrome binary, or unset it`);
    return false;
  }
  log("e2e: no Chromium found (CAIRN_CHROMIUM, /usr/bin/chromium, Playwright's own): installing Playwright's (npx playwright install chromium)…");
  const install = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['--no-install', 'playwright', 'install', 'chromium'], {
    stdio: 'inherit',
    timeout: 600_000,
  });
  if (install.status === 0 && findChromium().path) return true;
  log(
    'e2e: no browser for the end-to-end tests, and Playwright could not download one (no network?): install Chromium (Debian/Ubuntu: `apt-get install chromium`) or set CAIRN_CHROMIUM=/path/to/chrome',
  );
  return false;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fs.realpathSync(new URL(import.meta.url).pathname)) {
  process.exit(provideChromium() ? 0 : 1);
}
