// Decisions people make in the app, in Chromium over a copy of the demo wiki (these tests change
// files): an undo, an approval and a rejection each ask first (Enter confirms, Escape and Cancel
// leave everything as it was); an undo under a later write names that write and offers to undo it
// first; undone entries are marked; the Skills tab counts what its list shows; the curation tables
// fit a 1280 px window; the Stale screen says it is working while its answer is on the way.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from '../electron/engine/testing/cairn-process.ts';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const PAGE = 'global/decide-me.md';
const ORIGINAL = '# Decide me\n\nSee [[fusoin]].\n\nAlso [[ghost-page]].\n';

let own: OwnServer;

test.beforeAll(async () => {
  own = await ownServer('decisions', (wiki) => {
    fs.cpSync(path.join(import.meta.dirname, '..', 'build', 'demo-wiki'), wiki, { recursive: true });
    fs.writeFileSync(path.join(wiki, PAGE), ORIGINAL);
  });
});

test.afterAll(async () => {
  await own?.close();
});

const read = () => fs.readFileSync(path.join(own.wiki, PAGE), 'utf8');
const dialog = (page: Page) => page.getByRole('dialog');

async function fix(body: Record<string, unknown>): Promise<number> {
  const r = await api<{ auditId: number }>(own.cairn.url, 'fixLink', { key: 'decide-me', actor: 'bob', ...body });
  expect(r.status).toBe(200);
  return r.body.auditId;
}

/** Leaves the dialog each way that must change nothing, then confirms it with the key given. */
async function cancelTwiceThenConfirm(page: Page, open: () => Promise<void>, name: string | RegExp, confirmKey: 'Enter' | null): Promise<void> {
  await open();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName(name);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await open();
  await dialog(page)
    .getByRole('button', { name: /^Cancel/ })
    .click();
  await expect(dialog(page)).toHaveCount(0);
  await open();
  await expect(dialog(page)).toHaveAccessibleName(name);
  if (confirmKey) await page.keyboard.press(confirmKey);
}

test('undo asks first; an older fix under a later one names it and undoes it first; undone rows are marked', async ({ page }, testInfo) => {
  const a = await fix({ line: 3, target: 'fusoin', action: 'retarget', to: 'fusion' });
  const b = await fix({ line: 5, target: 'ghost-page', action: 'remove' });
  const afterFixes = read();
  expect(afterFixes).toBe('# Decide me\n\nSee [[fusion]].\n\nAlso ghost-page.\n');

  await page.goto(`${own.cairn.url}#/audit`);
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = (id: number) => log.locator(`tr[data-id="${id}"]`);
  await expect(row(b)).toBeVisible();
  const rows = await log.locator('tbody tr').count();

  // Escape, Cancel: nothing written, nothing logged
  await cancelTwiceThenConfirm(
    page,
    () =>
      row(a)
        .getByRole('button', { name: `Undo #${a}` })
        .click(),
    `Undo #${a}?`,
    'Enter',
  );
  // Enter confirmed: refused, naming the later fix (who, what) and offering to undo it first
  const blocked = page.getByRole('alert').filter({ hasText: `#${a} cannot be undone yet` });
  await expect(blocked).toContainText(`#${b} — fix by bob`);
  await expect(blocked).toContainText('removed the link to ghost-page on line 5');
  await expect(row(b)).toHaveAttribute('data-blocking', 'true');
  expect(read()).toBe(afterFixes);
  await expect(log.locator('tbody tr')).toHaveCount(rows);
  await screenshot(page, testInfo, 'undo-blocked');

  await blocked.getByRole('button', { name: `Undo #${b} first` }).click();
  await expect(dialog(page)).toHaveAccessibleName(`Undo #${b}?`);
  await dialog(page)
    .getByRole('button', { name: `Undo #${b}`, exact: true })
    .click();
  await expect(row(b)).toHaveAttribute('data-undone', 'true');
  await expect(row(b)).toContainText(/undone by #\d+/);
  await expect(row(b).getByRole('button', { name: `Undo #${b}` })).toHaveCount(0);
  expect(read()).toBe('# Decide me\n\nSee [[fusion]].\n\nAlso [[ghost-page]].\n');

  await row(a)
    .getByRole('button', { name: `Undo #${a}` })
    .click();
  await expect(dialog(page)).toHaveAccessibleName(`Undo #${a}?`);
  await page.keyboard.press('Enter');
  await expect(row(a)).toHaveAttribute('data-undone', 'true');
  expect(read()).toBe(ORIGINAL);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

const queue = (page: Page) => page.getByRole('list', { name: 'Claims waiting for a decision' });
const decisionsFile = () => path.join(own.wiki, '.cairn', 'skill-decisions.yaml');
const decided = () => (fs.existsSync(decisionsFile()) ? fs.readFileSync(decisionsFile(), 'utf8') : '');

test('the Skills tab counts the claims its queue lists; approve and reject ask first; "Evidence missing" is said once', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/skills`);
  const items = queue(page).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const listed = await items.count();
  await expect(page.getByRole('tab', { name: /Approval queue/ }).locator('.count')).toHaveText(` ${listed}`);

  // the claim without evidence: its panel says so once (the list marks it too, for scanning)
  await items.filter({ hasText: 'graph-layout' }).click();
  const invalid = page.getByRole('article', { name: 'Claim scout graph-layout' });
  await expect(invalid.getByRole('note')).toContainText('Evidence missing: graph-layout-notes is no page or file in the wiki.');
  await expect(invalid.getByText(/evidence missing/i)).toHaveCount(1);

  // approve: Escape and Cancel leave the claim waiting and the file untouched; Enter approves
  await items.filter({ hasText: 'oauth-token-lifecycle' }).click();
  const claim = page.getByRole('article', { name: 'Claim scout oauth-token-lifecycle' });
  const before = decided();
  await cancelTwiceThenConfirm(page, () => claim.getByRole('button', { name: /^Approve/ }).click(), /^Approve scout’s claim\?/, null);
  await expect(dialog(page)).toContainText('proficient in oauth-token-lifecycle');
  expect(decided()).toBe(before);
  await expect(items).toHaveCount(listed);
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(listed - 1);
  await expect(page.getByRole('tab', { name: /Approval queue/ }).locator('.count')).toHaveText(` ${listed - 1}`);
  expect(decided()).toMatch(/skill: oauth-token-lifecycle\n {2}claim: [0-9a-f]{16}\n {2}verdict: approved/);

  // reject from the keyboard: r asks, Escape cancels, r then Enter rejects
  await items.filter({ hasText: 'fts5-query-syntax' }).click();
  await expect(page.getByRole('article', { name: 'Claim builder fts5-query-syntax' })).toBeVisible();
  await cancelTwiceThenConfirm(page, () => page.keyboard.press('r'), /^Reject builder’s claim\?/, 'Enter');
  await expect(items.filter({ hasText: 'fts5-query-syntax' })).toHaveCount(0);
  expect(decided()).toMatch(/skill: fts5-query-syntax\n {2}claim: [0-9a-f]{16}\n {2}verdict: rejected/);
});

/** Fully inside the window and inside its table: nothing of it cut off. */
async function expectWhole(el: Locator, table: Locator, viewportWidth: number): Promise<void> {
  await expect(el).toBeVisible();
  const box = (await el.boundingBox())!;
  const t = (await table.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(t.x);
  expect(box.x + box.width).toBeLessThanOrEqual(t.x + t.width);
  expect(t.x + t.width).toBeLessThanOrEqual(viewportWidth);
}

async function expectNoSideScroll(page: Page, viewportWidth: number): Promise<void> {
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(viewportWidth);
}

test.describe('at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Stale, Audit and Skills tables fit the window; the Stale Details button is whole', async ({ page }) => {
    await page.goto(`${own.cairn.url}#/stale`);
    const stale = page.getByRole('table', { name: 'Stale pages' });
    await expectWhole(stale.getByRole('button', { name: 'What changed for index', exact: true }), stale, 1280);
    for (const header of await stale.locator('thead th').all()) await expectWhole(header, stale, 1280);
    await expectNoSideScroll(page, 1280);

    // a long name and path in the log
    const long = 'a-page-whose-name-runs-on-and-on-to-show-how-the-audit-log-wraps';
    expect((await api(own.cairn.url, 'writePage', { key: long, body: '# Long\n', actor: 'a-person-with-a-rather-long-name-for-the-log' })).status).toBe(200);
    await page.goto(`${own.cairn.url}#/audit`);
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.locator('tbody tr').first()).toBeVisible();
    for (const header of await log.locator('thead th').all()) await expectWhole(header, log, 1280);
    await expectNoSideScroll(page, 1280);

    await page.goto(`${own.cairn.url}#/skills?tab=registry`);
    const registry = page.getByRole('table', { name: 'Registrations' });
    await expect(registry.locator('tbody tr').first()).toBeVisible();
    for (const header of await registry.locator('thead th').all()) await expectWhole(header, registry, 1280);
    await expectNoSideScroll(page, 1280);
  });
});

test('the Stale screen shows that it is working until its answer arrives', async ({ page }) => {
  // the answer is held back (the network, not Cairn's code), as a 10,000-page wiki's takes seconds
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/stalePages', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${own.cairn.url}#/stale`);
  await expect(page.getByRole('status').filter({ hasText: 'Finding the pages that may no longer be true' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  release();
  await expect(page.getByRole('table', { name: 'Stale pages' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Finding the pages' })).toHaveCount(0);
});
