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

// The specs `npm test` leaves to `npm run test:rest` (both: `npm run test:all`, or `playwright test`;
// CI runs both). Every other spec, and so every new one, is in `npm test`, with the tests tagged
// @smoke here: a smoke set of the main screens (search and a page, the graph, Status and the links
// report, Broken links and a fix, Stale pages and the audit log, editing and merging, the first
// run). Chosen by measured time (2026-11-29): these specs took 1,751 s of the 1,854 s the 125 tests
// ran for, 117 of the tests. CONTRIBUTING.md "Tests" says how to decide.
export const REST = [
  'backlinks-context.spec.ts',
  'broken-by-run.spec.ts',
  'broken-links-scale.spec.ts',
  'connection.spec.ts',
  'consolidate.spec.ts',
  'create-from-missing.spec.ts',
  'cross-origin.spec.ts',
  'decisions.spec.ts',
  'edit-page.spec.ts',
  'embed-fanout.spec.ts',
  'first-run-model.spec.ts',
  'fix-code-span.spec.ts',
  'fusion-sliders.spec.ts',
  'graph-view.spec.ts',
  'graph.spec.ts',
  'history.spec.ts',
  'links-picker.spec.ts',
  'models.spec.ts',
  'obsidian-rendering.spec.ts',
  'obsidian-syntax.spec.ts',
  'page-html-confined.spec.ts',
  'page.spec.ts',
  'pages-filter.spec.ts',
  'pages.spec.ts',
  'plain-words.spec.ts',
  'recall.spec.ts',
  'reranker.spec.ts',
  'result-cards.spec.ts',
  'same-name.spec.ts',
  'search.spec.ts',
  'skills.spec.ts',
];

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
    // `playwright test --project fast --project smoke --project electron` is `npm test`'s
    { name: 'fast', testIgnore: [/electron\.spec\.ts$/, ...REST] },
    // a test tagged @smoke in a REST spec runs with the fast ones: the search, page and graph screens
    { name: 'smoke', testMatch: REST, grep: /@smoke/ },
    { name: 'rest', testMatch: REST, grepInvert: /@smoke/ },
    { name: 'electron', testMatch: /electron\.spec\.ts$/ },
  ],
});
