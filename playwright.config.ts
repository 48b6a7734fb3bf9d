// End-to-end tests: the real UI (dist/renderer) over the real engine (`cairn serve` on the demo
// wiki), in Debian's Chromium where it is installed, else in Playwright's own browser. The
// global setup builds the UI when it is out of date and starts the server; see e2e/README.md.
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const SYSTEM_CHROMIUM = process.env.CAIRN_CHROMIUM ?? '/usr/bin/chromium';
const launchOptions = fs.existsSync(SYSTEM_CHROMIUM)
  ? {
      executablePath: SYSTEM_CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    }
  : {};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
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
  },
  projects: [
    { name: 'chromium', testIgnore: /electron\.spec\.ts$/ },
    { name: 'electron', testMatch: /electron\.spec\.ts$/ },
  ],
});
