// A page deleted on disk: the next re-index says which links it broke. Its own `cairn serve` over a
// copy of the demo wiki, since this test changes the files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { cairnEnv, startServe, waitForIdle, type Served } from '../electron/engine/testing/cairn-process.ts';
import { ROOT, screenshot } from './app.ts';

let dir: string;
let wiki: string;
let cairn: Served;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-e2e-broke-'));
  wiki = path.join(dir, 'wiki');
  fs.cpSync(path.join(ROOT, 'build', 'demo-wiki'), wiki, { recursive: true });
  cairn = await startServe(['--no-watch', '--db', path.join(dir, 'cairn.db'), wiki], cairnEnv(dir));
  await waitForIdle(cairn.url);
});

test.afterAll(async () => {
  await cairn?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('after a page is deleted, the status screen lists the links that re-index broke', async ({ page }, testInfo) => {
  await page.goto(`${cairn.url}#/status`);
  await expect(page.getByRole('list', { name: 'Index counts' }).locator('[data-count="pages"] .count-value')).toHaveText('35');
  await expect(page.getByRole('note', { name: 'Links this run broke' })).toHaveCount(0);

  fs.rmSync(path.join(wiki, 'global', 'reference', 'fusion.md'));
  await page.getByRole('button', { name: 'Re-index' }).click();
  const note = page.getByRole('note', { name: 'Links this run broke' });
  await expect(note).toContainText(/This run broke \d+ links? that resolved before/);
  await expect(note.locator('li').first()).toContainText('fusion');
  await expect(page.getByRole('list', { name: 'Index counts' }).locator('[data-count="pages"] .count-value')).toHaveText('34');
  await screenshot(page, testInfo, 'status-broken-by-run');
});
