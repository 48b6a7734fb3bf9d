// Fixing broken links in Chromium over a copy of the demo wiki: retarget one to a suggested page and
// undo it, create a stub for another, and see the report and the files on disk follow each step.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('fix-links');
});

test.afterAll(async () => {
  await own?.close();
});

test('retarget a broken link, undo it, and fix another with a stub page', async ({ page }, testInfo) => {
  const fusion = path.join(own.wiki, 'global', 'reference', 'fusion.md');
  const before = fs.readFileSync(fusion, 'utf8');
  const line51 = before.split('\n')[50]!;
  expect(line51).toContain('[[reranker-lane]]');
  await page.goto(`${own.cairn.url}#/links`);
  const reranker = page.getByRole('region', { name: 'Missing reranker-lane' });
  await expect(reranker).toContainText('global/reference/fusion.md:51');

  // retarget: pick a suggestion, see the exact line change, apply
  await reranker.getByRole('combobox', { name: 'Retarget reranker-lane to' }).selectOption('token-lane');
  await reranker.getByRole('button', { name: 'Retarget to token-lane' }).click();
  const preview = page.getByRole('dialog', { name: 'Change preview' });
  await expect(preview.locator('tr.del')).toContainText(line51);
  await expect(preview.locator('tr.ins')).toContainText(line51.replace('[[reranker-lane]]', '[[token-lane]]'));
  await screenshot(page, testInfo, 'broken-links');
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(reranker).toHaveCount(0);
  expect(fs.readFileSync(fusion, 'utf8')).toBe(before.replace('[[reranker-lane]]', '[[token-lane]]'));

  // undo: the file is byte for byte what it was, and the link is broken again
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Undone' })).toBeVisible();
  await expect(reranker).toBeVisible();
  expect(fs.readFileSync(fusion, 'utf8')).toBe(before);

  // stub: a new page where the ref looks for it; Escape on a preview cancels without writing
  const graphLane = page.getByRole('region', { name: 'Missing graph-lane' });
  await graphLane.getByRole('button', { name: 'Create stub' }).click();
  await expect(preview).toContainText('New page global/graph-lane.md');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  expect(fs.existsSync(path.join(own.wiki, 'global', 'graph-lane.md'))).toBe(false);
  await graphLane.getByRole('button', { name: 'Create stub' }).click();
  await preview.getByRole('button', { name: 'Apply' }).click();
  await expect(graphLane).toHaveCount(0);
  expect(fs.readFileSync(path.join(own.wiki, 'global', 'graph-lane.md'), 'utf8')).toMatch(/^---\ntitle: Graph lane\ntags:\n {2}- stub\n---\n# Graph lane\n/);

  // every step is in the audit log
  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr');
  await expect(log).toHaveCount(3);
  await expect(log.nth(0)).toContainText('created a stub for graph-lane');
  await expect(log.nth(1)).toContainText('undo');
  await expect(log.nth(2)).toContainText('retargeted reranker-lane → token-lane on line 51');
});
