// The skill registry in Chromium over a copy of the demo wiki: approve a pending claim in the queue
// and find its agent through "Who knows…?"; a claim without evidence shows as such and cannot be
// approved to expert level; the keyboard works the queue; every decision is in the wiki and the log.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('skills');
});

test.afterAll(async () => {
  await own?.close();
});

test('approve a pending claim in the queue, then it answers "Who knows…?"', async ({ page }, testInfo) => {
  await page.goto(`${own.cairn.url}#/skills`);
  const queue = page.getByRole('list', { name: 'Claims waiting for a decision' });
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  // before: no one answers for oauth
  await page.getByRole('tab', { name: 'Who knows…?' }).click();
  await page.getByRole('searchbox', { name: 'Who knows' }).fill('oauth');
  await expect(
    page.getByRole('status').filter({ hasText: 'no approved registration matches "oauth": 1 pending claim for it awaits a decision' }),
  ).toBeVisible();

  await page.getByRole('tab', { name: /Approval queue/ }).click();
  await queue.getByRole('listitem').filter({ hasText: 'oauth-token-lifecycle' }).click();
  const claim = page.getByRole('article', { name: 'Claim scout oauth-token-lifecycle' });
  await expect(claim).toContainText('scout claims proficient in oauth-token-lifecycle');
  // the evidence page is rendered in place
  await expect(claim.getByRole('region', { name: 'Evidence' })).toContainText('user/scout/oauth-token-refresh-notes.md');
  await expect(claim.locator('.markdown h1, .markdown h2').first()).toBeVisible();
  await expect(claim.getByRole('region', { name: "scout's other registrations" })).toContainText('fastapi');
  await claim.getByRole('textbox', { name: 'Note' }).fill('the 401 write-up checks out');
  await screenshot(page, testInfo, 'skills-queue', 'skills-queue.png');
  await claim.getByRole('button', { name: /^Approve/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('tab', { name: 'Who knows…?' }).click();
  await page.getByRole('searchbox', { name: 'Who knows' }).fill('oauth');
  const experts = page.getByRole('list', { name: 'Experts' });
  await expect(experts.locator('li[data-agent="scout"]')).toContainText('proficient in oauth-token-lifecycle');
  await expect(experts.getByRole('link', { name: 'user/scout/oauth-token-refresh-notes.md' })).toBeVisible();
  const decisions = fs.readFileSync(path.join(own.wiki, '.cairn', 'skill-decisions.yaml'), 'utf8');
  expect(decisions).toMatch(
    /agent: scout\n {2}skill: oauth-token-lifecycle\n {2}claim: [0-9a-f]{16}\n {2}verdict: approved\n {2}by: person \(app\)\n {2}at: \S+\n {2}note: the 401 write-up checks out/,
  );

  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').first()).toContainText(
    "approved scout's claim on oauth-token-lifecycle: the 401 write-up checks out",
  );
});

test('a claim whose evidence is missing says so and cannot be approved as expert; the keyboard rejects another', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/skills`);
  const queue = page.getByRole('list', { name: 'Claims waiting for a decision' });
  await queue.getByRole('listitem').filter({ hasText: 'graph-layout' }).click();
  const claim = page.getByRole('article', { name: 'Claim scout graph-layout' });
  await expect(claim.getByRole('note')).toContainText(
    'Evidence missing: graph-layout-notes is no page or file in the wiki. An expert claim cannot be approved without it.',
  );
  await expect(claim.getByRole('button', { name: /^Approve/ })).toBeDisabled();
  await page.keyboard.press('a');
  await expect(claim).toBeVisible();
  await expect(claim.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Registry' }).click();
  await expect(page.locator('tr[data-status="invalid"]')).toContainText('graph-layout');
  await page.getByRole('tab', { name: 'Who knows…?' }).click();
  await page.getByRole('searchbox', { name: 'Who knows' }).fill('graph layout');
  await expect(page.getByRole('status').filter({ hasText: 'no approved registration matches "graph layout"' })).toBeVisible();

  // keyboard: the first claim (builder's fts5) is selected; r asks to reject it, Enter confirms
  await page.getByRole('tab', { name: /Approval queue/ }).click();
  await expect(page.getByRole('article', { name: 'Claim builder fts5-query-syntax' })).toBeVisible();
  await page.keyboard.press('r');
  await expect(page.getByRole('dialog')).toHaveAccessibleName(/^Reject builder’s claim/);
  await page.keyboard.press('Enter');
  await expect(queue.getByRole('listitem').filter({ hasText: 'fts5-query-syntax' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Registry' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('rejected');
  await expect(page.getByRole('table', { name: 'Registrations' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Registrations' })).toContainText('fts5-query-syntax');
  // written after the a pressed on the invalid claim: that one sent nothing
  const decisions = fs.readFileSync(path.join(own.wiki, '.cairn', 'skill-decisions.yaml'), 'utf8');
  expect(decisions).toMatch(/skill: fts5-query-syntax\n {2}claim: [0-9a-f]{16}\n {2}verdict: rejected/);
  expect(decisions).not.toContain('graph-layout');
});
