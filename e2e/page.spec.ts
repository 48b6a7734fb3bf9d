// Pages: opened from a result, rendered with in-app wikilinks, backlinks listed, broken links
// marked with their reason.
import { expect, test } from '@playwright/test';
import { open, screenshot } from './app.ts';
import { searchAndOpenFirst } from './flows.ts';

test('opening a result shows the page with its backlinks', { tag: '@smoke' }, async ({ page }) => {
  await open(page, '#/search');
  await searchAndOpenFirst(page);
  await expect(page).toHaveURL(/#\/page\/[^?]+\.md\?root=[^&]+&h=/);
  const backlinks = page.locator('section[data-links="in"]');
  await expect(backlinks.locator('h2 .count')).not.toHaveText('0');
  // A backlink opens the linking page.
  const link = backlinks.locator('li.link a').first();
  const source = (await link.textContent())!;
  await link.click();
  await expect(page.locator(`article.page-screen[data-page="${source}"]`)).toBeVisible();
});

test('clicking a result title opens the page', async ({ page }) => {
  await open(page, '#/search?q=fusion');
  const result = page
    .locator('ol.results[data-query="fusion"] li.result')
    .filter({ has: page.locator('.result-path .path', { hasText: 'global/reference/fusion.md' }) });
  await result.locator('.result-title').click();
  await expect(page.locator('article.page-screen[data-page="fusion"]')).toBeVisible();
  await expect(page.locator('section[data-links="in"] li.link a', { hasText: 'how-search-works' })).toBeVisible();
});

test('a page renders markdown, frontmatter and provenance; wikilinks navigate in the app', async ({ page }, testInfo) => {
  await open(page, '#/page/fusion');
  const body = page.locator('.markdown');
  await expect(body.locator('h2', { hasText: 'Weighted reciprocal rank fusion' })).toBeVisible();
  await expect(body.locator('pre code')).toContainText('page A: lexical rank 1');
  await expect(body.locator('.provenance')).toContainText('cormacksigir09-rrf.pdf');
  const fm = page.locator('section[aria-label="Frontmatter"]');
  await expect(fm.locator('.fm-row', { hasText: 'tier' })).toContainText('wiki');
  await expect(page.getByRole('button', { name: 'Copy path' })).toBeVisible();
  await expect(page.getByLabel('Absolute path')).toHaveValue(/\/build\/demo-wiki\/global\/reference\/fusion\.md$/);
  await screenshot(page, testInfo, 'page', 'page.png');

  await body.locator('a.wikilink', { hasText: 'weak-lane-wrecks-fusion' }).click();
  await expect(page.locator('article.page-screen[data-page="weak-lane-wrecks-fusion"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'A weak lane wrecks fusion' })).toBeVisible();
});

test('a link to a missing page is marked broken, in the text and in the links list', async ({ page }) => {
  await open(page, '#/page/fusion');
  const link = page.locator('.markdown a.wikilink', { hasText: 'reranker-lane' });
  await expect(link).toHaveClass(/\bbroken\b/);
  await expect(link).toHaveAttribute('data-broken', 'missing-page');
  await expect(link).toHaveAttribute('title', /no page “reranker-lane”/);
  const out = page.locator('section[data-links="out"]');
  await expect(out.locator('li.broken', { hasText: 'reranker-lane' })).toContainText('no such page');
  await expect(out.locator('.badge.danger')).toHaveText('1 broken');
  // Working links are not marked.
  await expect(page.locator('.markdown a.wikilink', { hasText: 'weak-lane-wrecks-fusion' })).not.toHaveClass(/broken/);
});

test('a link to a missing heading is marked as a broken anchor', async ({ page }) => {
  await open(page, '#/page/how-search-works');
  const link = page.locator('.markdown a.broken-missing-anchor');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveText('fusion > Learning to rank');
  await expect(link).toHaveAttribute('title', /no heading “Learning to rank”/);
  await expect(page.locator('section[data-links="out"] li.broken-missing-anchor')).toContainText('fusion#Learning to rank');
});

test('a missing page says so and what to do', async ({ page }) => {
  await open(page, '#/page/reranker-lane');
  await expect(page.getByText('No page named “reranker-lane”')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Broken links' }).last()).toBeVisible();
});
