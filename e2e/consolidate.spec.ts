// The Consolidate notes screen in Chromium over a wiki of its own with old daily and raw notes (this
// test writes files): preview what consolidation would do, apply it, open the reflection page it
// wrote, and find the notes archived on disk, never deleted.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const REDIS = 'consolidated-redis-2021-03-01-to-2021-03-02';
const STREAMING = 'consolidated-streaming-2021-04-01-to-2021-04-03';
const today = new Date().toISOString().slice(0, 10);

function fill(wiki: string): void {
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(wiki, rel)), { recursive: true });
    fs.writeFileSync(path.join(wiki, rel), text);
  };
  write('redis.md', '# Redis\nThe in-memory cache in front of the session store.\n');
  write('kafka.md', '# Kafka\nThe event log every service writes to.\n');
  write('daily/2021-03-01.md', '# Monday\n\nRedis evictions spiked after the deploy of the new session store.\n');
  write('daily/2021-03-02.md', '# Tuesday\n\nWe moved Redis to a larger instance with twice the memory.\n');
  write('daily/2021-05-01.md', '# Saturday\n\nThe office coffee machine broke again.\n');
  // today's note is not old: it stays out whatever it mentions
  write(`daily/${today}.md`, '# Today\n\nRedis is fine today.\n');
  write(
    'notes/kafka-lag.md',
    '---\ntier: raw\nupdated: 2021-04-01\ntags: [streaming]\n---\n# Kafka lag\n\nKafka consumer lag grew to an hour during the backfill.\n',
  );
  write(
    'notes/kafka-retention.md',
    '---\ntier: raw\nupdated: 2021-04-03\ntags: [streaming, ops]\n---\n# Kafka retention\n\nKafka retention was cut to three days to save disk space.\n',
  );
}

test.beforeAll(async () => {
  own = await ownServer('consolidate', fill);
});

test.afterAll(async () => {
  await own?.close();
});

test('preview the groups old notes would make, apply them, open the reflection; the notes are archived, not deleted', async ({ page }, testInfo) => {
  const read = (rel: string) => fs.readFileSync(path.join(own.wiki, rel), 'utf8');
  const notes = ['daily/2021-03-01.md', 'daily/2021-03-02.md', 'notes/kafka-lag.md', 'notes/kafka-retention.md'];
  const before = Object.fromEntries(notes.map((n) => [n, read(n)]));

  await page.goto(`${own.cairn.url}#/stale`);
  await page.getByRole('link', { name: 'Consolidate', exact: true }).click();
  await expect(page).toHaveURL(/#\/consolidate$/);
  await expect(page.getByRole('heading', { name: 'Consolidate notes', level: 1 })).toBeVisible();
  const days = page.getByRole('textbox', { name: 'Older than (days)' });
  await expect(days).toHaveValue('14');
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();

  // nothing that old: the empty state says so and what to do; Enter in the field previews
  await days.fill('36500');
  await days.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No raw or daily notes older than 36500 days: nothing to consolidate' })).toBeVisible();
  await expect(page.getByText('Try fewer days to take in newer notes.')).toBeVisible();
  await expect(apply).toBeDisabled();

  // a number it cannot take: no preview
  await days.fill('two weeks');
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await expect(page.getByText('A whole number of days, 0 to 36500.')).toBeVisible();

  await days.fill('14');
  await days.press('Enter');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status')).toHaveText(
    /^Preview: 2 reflection pages from 4 notes dated before \d{4}-\d{2}-\d{2}\. Nothing is written until you apply\.$/,
  );
  await expect(page).toHaveURL(/#\/consolidate\?days=14$/);
  const redis = preview.getByRole('region', { name: `Reflection ${REDIS}` });
  await expect(redis.getByRole('heading', { name: 'Would write Redis: notes 2021-03-01 to 2021-03-02' })).toBeVisible();
  await expect(redis.locator('.badge.concept')).toHaveText(['Redis']);
  await expect(redis.getByRole('list', { name: `Notes in ${REDIS}` }).locator('li')).toHaveText([
    '2021-03-01 daily/2021-03-01.md',
    '2021-03-02 daily/2021-03-02.md',
  ]);
  await expect(redis.getByRole('list', { name: `Sentences in ${REDIS}` }).locator('li')).toHaveText([
    'Redis evictions spiked after the deploy of the new session store. daily/2021-03-01.md#L6',
    'We moved Redis to a larger instance with twice the memory. daily/2021-03-02.md#L6',
  ]);
  const streaming = preview.getByRole('region', { name: `Reflection ${STREAMING}` });
  await expect(streaming.getByRole('list', { name: `Notes in ${STREAMING}` }).locator('li')).toHaveText([
    '2021-04-01 kafka-lag notes/kafka-lag.md',
    '2021-04-03 kafka-retention notes/kafka-retention.md',
  ]);
  await expect(streaming.locator('.badge.tag')).toHaveText(['#ops', '#streaming']);
  // the lone note is left alone, with why; today's note is not old
  await expect(preview.getByRole('region', { name: 'Notes left alone' }).locator('li')).toHaveText(['2021-05-01 — shares no concept with another old note']);
  await expect(preview.getByText(`${today}`, { exact: true })).toHaveCount(0);
  // a preview writes nothing
  expect(fs.existsSync(path.join(own.wiki, `${REDIS}.md`))).toBe(false);
  for (const n of notes) expect(read(n)).toBe(before[n]);
  await screenshot(page, testInfo, 'consolidate', 'consolidate.png');

  // Apply runs what the preview showed: other days wait for a new preview
  await days.fill('30');
  await expect(apply).toBeDisabled();
  await expect(page.getByText('The days changed since the preview: preview again before applying.')).toBeVisible();
  await days.fill('14');
  await expect(apply).toBeEnabled();
  // while it runs: a progress bar, and nothing can be pressed twice
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/consolidate', async (route) => {
    await held;
    await route.continue();
  });
  await apply.click();
  await expect(page.getByRole('progressbar', { name: 'Consolidating' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Consolidating…' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
  release();
  const done = page.getByRole('region', { name: 'Consolidated' });
  await expect(done.getByRole('status')).toHaveText('Wrote 2 reflection pages and archived 4 notes.');
  await expect(apply).toBeDisabled();
  const written = done.getByRole('region', { name: `Reflection ${REDIS}` });
  await expect(written.getByRole('heading', { name: 'Wrote Redis: notes 2021-03-01 to 2021-03-02' })).toBeVisible();
  await expect(written.locator('.consolidated-notes .badge.archived')).toHaveCount(2);
  await screenshot(page, testInfo, 'consolidate-applied');

  // on disk: the reflection with its provenance, the notes archived and otherwise as they were
  const reflection = read(`${REDIS}.md`);
  expect(reflection).toMatch(/^---\ntitle: "Redis: notes 2021-03-01 to 2021-03-02"\ntier: reflection\n/);
  expect(reflection).toContain('<!-- from: daily/2021-03-01.md#L6 -->');
  expect(fs.existsSync(path.join(own.wiki, `${STREAMING}.md`))).toBe(true);
  for (const n of notes) {
    const text = read(n);
    expect(text).toMatch(/^---\n(?:.*\n)*archived_since: \d{4}-\d{2}-\d{2}\n/);
    expect(text.endsWith(before[n]!.replace(/^---\n[^]*?\n---\n/, ''))).toBe(true);
  }
  expect(read('daily/2021-05-01.md')).not.toContain('archived_since');

  await written.getByRole('link', { name: 'Open reflection' }).click();
  await expect(page).toHaveURL(new RegExp(`#/page/(?:[^?]*/)?${REDIS}\\.md\\?root=`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Redis: notes 2021-03-01 to 2021-03-02');

  // a second run has nothing left to group
  await page.goBack();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing to consolidate: no two notes older than 14 days share a concept' })).toBeVisible();
});
