// How long the Graph view of a large wiki takes to open and draw in Chromium, and how it behaves
// after: `cairn serve` over an index of the wiki (interconnected-10k by default), the UI built
// fresh, then for each run a new page loads #/graph and the figures are read off the page's own
// performance timeline (the `cairn graph:…` marks) from navigation start:
//   answer    the graph is in the page (request, server, transfer, JSON)
//   drawn     nodes and edges on screen: the first picture
//   settled   the layout has finished
// plus the longest main-thread task while the layout ran, and frame times (the gaps between the
// page's animation frames) while a script pans (a 300 px drag, back and forth) and zooms (wheel
// steps in and out): once right after the first picture, while the layout runs, and once after
// it has settled. The load average is printed with each run: this machine may be shared.
// Usage: npm run bench:graph [-- ROOT] [--runs N] [--db FILE (reused when it exists)]
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { benchOptions, serveWiki } from './served-wiki.ts';

const { wiki, runs, dir, db, cleanUp } = benchOptions('graph');

/** What the in-page functions use, typed here: this project typechecks for Node, without the DOM library. */
interface InPage {
  performance: { now(): number; getEntriesByType(type: string): { name: string; startTime: number }[] };
  requestAnimationFrame(callback: (time: number) => void): number;
  PerformanceObserver: new (callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
  };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
  document: { querySelector(selector: string): unknown };
  bench: Watched & { frames: number[]; counting: boolean; last: number; frame?: (time: number) => void };
}

interface Gesture {
  /** gaps between animation frames, ms */
  frames: number[];
  /** how long the scripted drag and wheel took to be delivered, ms: a busy page holds them */
  took: number;
}

interface Run {
  answer: number;
  drawn: number;
  settled: number;
  longestTask: number;
  during: Gesture;
  after: Gesture;
  load: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/** One cold open of #/graph in a new page; the figures from the page's timeline. */
async function openOnce(page: Page, url: string): Promise<Run> {
  await page.goto(`${url}#/graph`);
  const host = page.locator('.graph-host');
  await host.and(page.locator('[data-drawn="true"]')).waitFor({ timeout: 120_000 });
  const during = await panAndZoom(page);
  await host.and(page.locator('[data-layout="settled"]')).waitFor({ timeout: 300_000 });
  const marks = await page.evaluate(() =>
    Object.fromEntries(
      (globalThis as unknown as InPage).performance
        .getEntriesByType('mark')
        .filter((m) => m.name.startsWith('cairn graph:'))
        .map((m) => [m.name.slice(12), m.startTime]),
    ),
  );
  const { settledAt, tasks } = await page.evaluate(() => {
    const { bench } = globalThis as unknown as InPage;
    return { settledAt: bench.settledAt, tasks: bench.tasks };
  });
  const longestTask = Math.max(0, ...tasks.filter((t) => t.start >= marks.drawn!).map((t) => t.duration));
  const after = await panAndZoom(page);
  return { answer: marks.answer!, drawn: marks.drawn!, settled: settledAt!, longestTask, during, after, load: loadAverage() };
}

interface Watched {
  settledAt?: number;
  tasks: { start: number; duration: number }[];
}

/** Before the page's own scripts: note long tasks, and when the view says the layout is done, on the page's clock. */
function watch(): void {
  const g = globalThis as unknown as InPage;
  const w: InPage['bench'] = (g.bench = { tasks: [], frames: [], counting: false, last: 0 });
  new g.PerformanceObserver((list) => list.getEntries().forEach((e) => w.tasks.push({ start: e.startTime, duration: e.duration }))).observe({
    type: 'longtask',
    buffered: true,
  });
  new g.MutationObserver(() => {
    if (w.settledAt === undefined && g.document.querySelector('.graph-host[data-layout="settled"]')) w.settledAt = g.performance.now();
  }).observe(g.document, { subtree: true, attributes: true, attributeFilter: ['data-layout'] });
}

/** Drags 300 px across the graph and back, then zooms in and out with the wheel, counting the frames the page paints meanwhile. */
async function panAndZoom(page: Page): Promise<Gesture> {
  const box = (await page.locator('.graph-host').boundingBox())!;
  await page.evaluate(() => {
    // no named function in here: tsx would wrap it in a helper the page does not have
    const g = globalThis as unknown as InPage;
    const w = g.bench;
    w.frames = [];
    w.counting = true;
    w.last = g.performance.now();
    w.frame = (t: number) => {
      w.frames.push(t - w.last);
      w.last = t;
      if (w.counting) g.requestAnimationFrame(w.frame!);
    };
    g.requestAnimationFrame(w.frame);
  });
  const started = performance.now();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 0; i <= 30; i++) await page.mouse.move(x + 10 * i, y);
  for (let i = 30; i >= 0; i--) await page.mouse.move(x + 10 * i, y + 2 * (30 - i));
  await page.mouse.up();
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -120);
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, 120);
  const took = performance.now() - started;
  const frames = await page.evaluate(() => {
    const w = (globalThis as unknown as InPage).bench;
    w.counting = false;
    return w.frames.slice(1);
  });
  return { frames, took };
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

function frameFigures(frames: number[]): string {
  return `${frames.length} frames, p50 ${Math.round(percentile(frames, 50))} ms, p95 ${Math.round(percentile(frames, 95))} ms, max ${Math.round(Math.max(0, ...frames))} ms`;
}

try {
  const { url, browser, close } = await serveWiki(wiki, db, dir);
  const results: Run[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript(watch);
      const r = await openOnce(page, url);
      results.push(r);
      console.log(
        `run ${i + 1} (load ${r.load}): answer ${(r.answer / 1000).toFixed(2)} s, first picture ${(r.drawn / 1000).toFixed(2)} s, layout settled ${(r.settled / 1000).toFixed(1)} s, longest main-thread task after the first picture ${Math.round(r.longestTask)} ms`,
      );
      console.log(`  pan and zoom during the layout: ${(r.during.took / 1000).toFixed(1)} s, ${frameFigures(r.during.frames)}`);
      console.log(`  pan and zoom after it:          ${(r.after.took / 1000).toFixed(1)} s, ${frameFigures(r.after.frames)}`);
      await page.close();
    }
  } finally {
    await close();
  }
  const frames = results.flatMap((r) => [...r.during.frames, ...r.after.frames]);
  console.log(
    `\n${path.basename(wiki)}: ${runs} cold opens of the whole graph in Chromium (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, load now ${loadAverage()})`,
  );
  console.log(`  graph in the page     median ${(median(results.map((r) => r.answer)) / 1000).toFixed(2)} s`);
  console.log(`  first picture         median ${(median(results.map((r) => r.drawn)) / 1000).toFixed(2)} s (from navigation start)`);
  console.log(`  layout settled        median ${(median(results.map((r) => r.settled)) / 1000).toFixed(1)} s`);
  console.log(`  longest task after    median ${Math.round(median(results.map((r) => r.longestTask)))} ms (the main thread, while the layout runs)`);
  console.log(
    `  pan and zoom during   median ${(median(results.map((r) => r.during.took)) / 1000).toFixed(1)} s to deliver; after: ${(median(results.map((r) => r.after.took)) / 1000).toFixed(1)} s`,
  );
  console.log(`  frames, pan and zoom  ${frameFigures(frames)} (aim: p95 under 50 ms, none over 200 ms)`);
} finally {
  cleanUp();
}
