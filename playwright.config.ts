// End-to-end tests: the real UI (dist/renderer) over the real engine (`cairn serve` on the demo
// wiki), in the Chromium e2e/browser.mjs finds (CAIRN_CHROMIUM, the system's, Playwright's own;
// `npm test` installs Playwright's first where there is none). The global setup builds the UI
// when it is out of date and starts the server; see e2e/README.md.
import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { findChromium, SYSTEM_ARGS } from './e2e/browser.mjs';
import { offerAnswered } from './e2e/model-offer.ts';

const chromium = findChromium();
const launchOptions = chromium.path && chromium.source !== 'playwright' ? { executablePath: chromium.path, args: SYSTEM_ARGS } : {};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  // two browsers at a time even on two cores (Playwright's default there is one): the specs mostly
  // wait on the UI and the server, so 80 of them took 1.8 min instead of 2.7 on this 2-core machine
  workers: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    viewport: { width: 1440, height: 900 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
    // read in the workers, which start after the global setup named the shared server
    storageState: process.env.CAIRN_E2E_URL ? offerAnswered(process.env.CAIRN_E2E_URL) : undefined,
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\.spec\.ts$/ },
    { name: 'electron', testMatch: /electron\.spec\.ts$/ },
  ],
});
