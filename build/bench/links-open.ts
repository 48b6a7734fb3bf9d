// How long the Broken links screen of a large wiki takes to show its first rows in Chromium:
// `cairn serve` over an index of the wiki (interconnected-10k by default), the UI built fresh, then
// for each run a new page loads #/links and the page itself notes, from navigation start, when the
// report's answer is in the page (the server's part) and when the first broken-link group is in the
// document, and the longest main-thread task until then and for a second after (the time the screen
// does not answer).
// Usage: npm run bench:links [-- ROOT] [--runs N] [--db FILE (reused when it exists)]
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { benchOptions, serveWiki } from './served-wiki.ts';

const { wiki, runs, dir, db, cleanUp } = benchOptions('links');
const GROUP = 'section.broken-target';

/** What the in-page functions use, typed here: this project typechecks for Node, without the DOM library. */
interface InPage {
  performance: { now(): number; getEntriesByType(type: string): { name: string; responseEnd: number }[] };
  PerformanceObserver: new (callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
  document: { querySelector(selector: string): unknown; querySelectorAll(selector: string): { length: number } };
  bench: { rowsAt?: number; rows: number; tasks: { start: number; duration: number }[] };
}

interface Run {
  answerAt: number;
  rowsAt: number;
  rows: number;
  longestTask: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** Before the page's own scripts: note long tasks, and when the first group is in the document. */
function watch(): void {
  const g = globalThis as unknown as InPage;
  const w: InPage['bench'] = (g.bench = { tasks: [], rows: 0 });
  new g.PerformanceObserver((list) => list.getEntries().forEach((e) => w.tasks.push({ start: e.startTime, duration: e.duration }))).observe({
    type: 'longtask',
    buffered: true,
  });
  new g.MutationObserver(() => {
    if (w.rowsAt === undefined && g.document.querySelector('section.broken-target')) {
      w.rowsAt = g.performance.now();
      w.rows = g.document.querySelectorAll('section.broken-target').length;
    }
  }).observe(g.document, { subtree: true, childList: true });
}

async function openOnce(page: Page, url: string): Promise<Run> {
  await page.goto(`${url}#/links`, { waitUntil: 'commit', timeout: 120_000 });
  await page.locator(GROUP).first().waitFor({ timeout: 300_000 });
  // a second more, so a long task that follows the first rows is counted too
  await page.waitForTimeout(1000);
  const { rowsAt, rows, tasks } = await page.evaluate(() => (globalThis as unknown as InPage).bench);
  // the report and the orphans both come from /api/links: the later of the two answers before the rows
  const answers = await page.evaluate(() =>
    (globalThis as unknown as InPage).performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('/api/links'))
      .map((e) => e.responseEnd),
  );
  return { answerAt: Math.max(0, ...answers.filter((a) => a <= rowsAt!)), rowsAt: rowsAt!, rows, longestTask: Math.max(0, ...tasks.map((t) => t.duration)) };
}

try {
  const { url, browser, idle, close } = await serveWiki(wiki, db, dir);
  const results: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript(watch);
      const r = await openOnce(page, url);
      results.push(r);
      await page.close();
      // what the page asked the server (suggestions) may still be running: the next run starts when it answers again
      const since = Date.now();
      await idle();
      console.log(
        `run ${i + 1}: report in the page ${(r.answerAt / 1000).toFixed(2)} s, first rows ${(r.rowsAt / 1000).toFixed(2)} s (${r.rows} groups in the document), longest main-thread task ${Math.round(r.longestTask)} ms; the server answered again ${((Date.now() - since) / 1000).toFixed(1)} s after the page closed`,
      );
    }
  } finally {
    await close();
  }
  console.log(
    `\n${path.basename(wiki)}: ${runs} cold opens of the Broken links screen in Chromium (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log(`  report in the page    median ${(median(results.map((r) => r.answerAt)) / 1000).toFixed(2)} s (from navigation start)`);
  console.log(`  first rows            median ${(median(results.map((r) => r.rowsAt)) / 1000).toFixed(2)} s (from navigation start)`);
  console.log(`  longest task          median ${Math.round(median(results.map((r) => r.longestTask)))} ms`);
} finally {
  cleanUp();
}
