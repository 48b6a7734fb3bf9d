// What the specs share: the server's URL, reading the fusion debugger off the screen, the RRF
// formula to check it against, and saving screenshots (test artifact + README copies).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LANES = ['lexical', 'semantic', 'token', 'graph'] as const;
export type Lane = (typeof LANES)[number];
/** Each lane's weight slider in the fusion debugger, by its name on the screen. */
export const LANE_SLIDER: Record<Lane, string> = {
  lexical: 'Keywords (BM25)',
  semantic: 'Meaning (embeddings)',
  token: 'Word overlap (tokens)',
  graph: 'Linked pages (graph)',
};

export function serverUrl(): string {
  const url = process.env.CAIRN_E2E_URL;
  if (!url) throw new Error('CAIRN_E2E_URL is not set: run the tests with `npx playwright test` (the global setup starts cairn serve)');
  return url;
}

export async function open(page: Page, hash: string): Promise<void> {
  await page.goto(`${serverUrl()}${hash}`);
}

export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search the wiki' });

/** The result list once it shows the answer to `query` (not a stale one). */
export function resultsFor(page: Page, query: string): Locator {
  return page.locator(`ol.results[data-query="${query.replace(/"/g, '\\"')}"]`);
}

export async function search(page: Page, query: string): Promise<Locator> {
  await searchBox(page).fill(query);
  const list = resultsFor(page, query);
  await expect(list.locator('li.result').first()).toBeVisible();
  return list;
}

export interface ShownResult {
  key: string;
  path: string;
  ranks: Partial<Record<Lane, number | null>>;
}

/** Every result as the list shows it: key, path, and its rank in each lane, read off its lane strip. */
export async function readResults(list: Locator): Promise<ShownResult[]> {
  // One round trip: the marks' attributes, read in the page (the callback runs in the browser).
  const rows: { key: string; path: string; marks: { lane: string; state: string; rank: string }[] }[] = await list.locator('li.result').evaluateAll((items) =>
    items.map((li) => ({
      key: li.getAttribute('data-key') ?? '',
      path: (li.querySelector('.result-path .path')?.textContent ?? '').trim(),
      marks: [...li.querySelectorAll('.lane-strip .lane-mark')].map((m) => ({
        lane: m.getAttribute('data-lane') ?? '',
        state: m.getAttribute('data-state') ?? '',
        rank: m.getAttribute('data-rank') ?? '',
      })),
    })),
  );
  return rows.map((row) => {
    const ranks: ShownResult['ranks'] = {};
    for (const { lane, state, rank } of row.marks) {
      // A lane that failed or was skipped has no rank: it is not part of the fusion.
      if (!(LANES as readonly string[]).includes(lane) || state === 'off') continue;
      ranks[lane as Lane] = state === 'found' ? Number(rank) : null;
    }
    return { key: row.key, path: row.path, ranks };
  });
}

/**
 * The order weighted RRF gives: Σ weight / (k + rank) over the lanes that found a result,
 * summed lexical, semantic, token, graph; ties broken by lanes matched, then key.
 */
export function rrfOrder(results: ShownResult[], weights: Record<Lane, number>, k: number): string[] {
  const scored = results.map((r) => {
    let score = 0;
    let matched = 0;
    for (const lane of LANES) {
      const rank = r.ranks[lane];
      if (rank === undefined || rank === null) continue;
      score += weights[lane] / (k + rank);
      matched++;
    }
    return { id: `${r.key} ${r.path}`, key: r.key, score, matched };
  });
  scored.sort((a, b) => b.score - a.score || b.matched - a.matched || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return scored.map((s) => s.id);
}

export const ids = (results: ShownResult[]) => results.map((r) => `${r.key} ${r.path}`);

/** Saves a full-window screenshot as a test artifact (and attaches it to the report). */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, readmeCopy?: string): Promise<void> {
  const file = path.join(ROOT, 'test-results', 'screenshots', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (readmeCopy) {
    const copy = path.join(ROOT, 'build', 'screenshots', readmeCopy);
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.copyFileSync(file, copy);
  }
}
