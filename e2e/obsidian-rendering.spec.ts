// What a newcomer from Obsidian sees: `^block-id` markers hidden, callouts drawn as callouts, and the
// problems of an index lined up in their table; then a page that uses every construct Obsidian
// renders (embeds, tasks, highlights, footnotes, math, Mermaid, code, callouts of every kind).
// Its own `cairn serve` over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROOT, screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const EMBEDDED = `# Embedded

Intro of embedded.

## Section one

First section text.

## Section two

Second section text.

### Sub of two

Sub text.

## Section three

Third section text.

A block paragraph. ^the-block

Another paragraph.

- A listed step ^the-step
- Another step
`;

const FEATURES = `# Features

![[embedded]]

![[embedded#Section two]]

![[embedded#^the-block]]

![[embedded#^the-step]]

- [x] done task
- [ ] open task

Some ==highlighted words== here.

A claim.[^1]

Inline $E=mc^2$ math.

$$
\\int_0^1 x\\,dx
$$

\`\`\`mermaid
graph TD
  A[Start here] --> B[End there]
\`\`\`

\`\`\`js
const answer = 42;
\`\`\`

> [!tip] In _Live Preview_, it **works**
> Body of tip.

> [!danger] Danger ahead
> Careful.

> [!faq]- Folded question
> Hidden answer.

> [!success]+ Open success
> Shown body.

[^1]: The footnote text.
`;

// The README's picture of it: every construct in one screenful.
const SHOWCASE = `# Cache invalidation

> [!tip] Rebuild, never patch
> The index is **derived**: drop it and run \`cairn index\` again.

> [!faq]- Why not patch rows in place?
> Because a half-applied patch is worse than a rebuild.

- [x] measure the ==cold start== first[^cold]
- [ ] add the reranker lane

The score of a result is $s = \\sum_i w_i \\, r_i$ over its lanes:

$$
\\mathrm{RRF}(d) = \\sum_{l} \\frac{1}{k + \\mathrm{rank}_l(d)}
$$

\`\`\`mermaid
graph LR
  W[Agent writes page] --> I[Index] --> S[Search] --> R[Reader]
\`\`\`

\`\`\`ts
const fused = lanes.reduce((sum, lane) => sum + 1 / (60 + lane.rank), 0);
\`\`\`

![[embedded#Section two]]

[^cold]: On the 10k-page wiki.
`;

/** The Content-Security-Policy violations a page reports while a test runs. */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (/Content.Security.Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test.beforeAll(async () => {
  own = await ownServer('obsidian', (wiki) => {
    fs.mkdirSync(path.join(wiki, 'sub'));
    fs.writeFileSync(
      path.join(wiki, 'notes.md'),
      '# Notes\n\nAn important finding. ^key-finding\n\n- a step ^step-1\n\n> [!warning] Mind the cache\n> It goes stale.\n\n> A plain quote.\n\n`code ^kept`\n',
    );
    fs.writeFileSync(path.join(wiki, 'other.md'), '# Other\n[[notes#^key-finding]]\n');
    fs.writeFileSync(path.join(wiki, 'sub', 'notes.md'), '# Duplicate key\n'); // a warning for the problems table
    fs.copyFileSync(path.join(ROOT, 'build', 'electron', 'icon.png'), path.join(wiki, 'sub', 'logo.png'));
    fs.writeFileSync(
      path.join(wiki, 'sub', 'drawing.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>window.parent.pwned = 1</script><rect width="40" height="20" fill="red"/></svg>',
    );
    fs.writeFileSync(path.join(wiki, 'pictures.md'), '# Pictures\n\n![[logo.png]]\n\n![a drawing](sub/drawing.svg)\n\n![[gone.png]]\n');
    fs.writeFileSync(path.join(wiki, 'features.md'), FEATURES);
    fs.writeFileSync(path.join(wiki, 'showcase.md'), SHOWCASE);
    fs.writeFileSync(path.join(wiki, 'embedded.md'), EMBEDDED);
    fs.writeFileSync(path.join(wiki, 'loop.md'), '# Loop\n\nLoop text.\n\n![[loop]]\n');
    for (let i = 1; i <= 6; i++) fs.writeFileSync(path.join(wiki, `deep${i}.md`), `# Deep ${i}\n\nDepth ${i} text.\n\n![[deep${i + 1}]]\n`);
    fs.writeFileSync(path.join(wiki, 'deep7.md'), '# Deep 7\n\nDepth 7 text.\n');
  });
});

test.afterAll(async () => {
  await own?.close();
});

test('block ids are hidden but kept on their block; callouts are callouts', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/notes`);
  const body = page.locator('div.markdown');
  await expect(page.getByText('An important finding.')).toBeVisible();
  await expect(page.locator('[data-block-id="key-finding"]')).toHaveText('An important finding.');
  await expect(page.locator('[data-block-id="step-1"]')).toHaveText('a step');
  await expect(body).not.toContainText('^key-finding');
  await expect(page.locator('code', { hasText: '^kept' })).toBeVisible();
  const callout = page.locator('blockquote.callout-warning');
  await expect(callout.locator('.callout-title')).toHaveText('Mind the cache');
  await expect(callout).toContainText('It goes stale.');
  await expect(callout).not.toContainText('[!warning]');
  await expect(page.locator('blockquote:not(.callout)')).toHaveText('A plain quote.');
});

test('the problems of a run line up in their table', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/status`);
  const row = page.getByRole('region', { name: 'Problems' }).locator('tbody tr').first();
  await expect(row).toContainText('duplicate key "notes"');
  await expect(row).toHaveCSS('display', 'table-row');
  const cells = row.locator('td');
  await expect(cells).toHaveCount(3);
  const [severity, file] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(severity!.y).toBe(file!.y);
  expect(file!.x).toBeGreaterThan(severity!.x + severity!.width - 1);
});

test('embedded images are drawn from the wiki, an SVG without running its script; a missing one says so', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/pictures`);
  const logo = page.locator('img.attachment-image[data-attachment-path="sub/logo.png"]');
  await expect(logo).toHaveJSProperty('complete', true);
  await expect.poll(() => logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const drawing = page.getByRole('img', { name: 'a drawing' });
  await expect.poll(() => drawing.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(40);
  expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
  await expect(page.locator('div.markdown .broken').filter({ hasText: 'gone.png' })).toBeVisible();
});

test.describe('a page renders what Obsidian renders', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(`${own.cairn.url}#/page/features`);
    await expect(page.locator('div.markdown')).toContainText('Some');
  });

  test('a note embed shows the whole note and links to it', async ({ page }) => {
    const embed = page.locator('div.markdown .embed').filter({ hasText: 'Intro of embedded.' });
    await expect(embed).toHaveCount(1);
    await expect(embed).toContainText('Third section text.');
    await expect(embed.getByRole('link', { name: /embedded/ }).first()).toHaveAttribute('href', /embedded/);
  });

  test('a heading embed shows that section only', async ({ page }) => {
    const embed = page.locator('div.markdown .embed').filter({ hasText: 'Second section text.' }).filter({ hasNotText: 'Intro of embedded.' });
    await expect(embed).toContainText('Sub text.');
    await expect(embed).not.toContainText('First section text.');
    await expect(embed).not.toContainText('Third section text.');
    await expect(embed.getByRole('link', { name: /Section two/ }).first()).toHaveAttribute('href', /Section/);
  });

  test('a block embed shows that block only', async ({ page }) => {
    const embed = page.locator('div.markdown .embed').filter({ hasText: 'A block paragraph.' }).filter({ hasNotText: 'Intro of embedded.' });
    await expect(embed).toHaveCount(1);
    await expect(embed).not.toContainText('Another paragraph.');
    await expect(embed.getByText('A block paragraph.', { exact: true })).toBeVisible(); // its ^the-block marker hidden
    const step = page.locator('div.markdown .embed').filter({ hasText: 'A listed step' }).filter({ hasNotText: 'Intro of embedded.' });
    await expect(step.locator('ul > li')).toHaveText('A listed step'); // an item of a list, still
    await expect(step).not.toContainText('Another step');
  });

  test('task lists are checkboxes', async ({ page }) => {
    const body = page.locator('div.markdown');
    await expect(body.locator('li', { hasText: 'done task' }).getByRole('checkbox')).toBeChecked();
    await expect(body.locator('li', { hasText: 'open task' }).getByRole('checkbox')).not.toBeChecked();
    await expect(body).not.toContainText('[x]');
  });

  test('==text== is highlighted', async ({ page }) => {
    await expect(page.locator('div.markdown mark')).toHaveText('highlighted words');
  });

  test('footnotes are numbered references to a list at the end', async ({ page }) => {
    const body = page.locator('div.markdown');
    await expect(body).not.toContainText('[^1]');
    const note = body.locator('.footnotes li').first();
    await expect(note).toContainText('The footnote text.');
    await body.locator('sup a').first().click();
    await expect(note).toBeInViewport();
  });

  test('math is typeset by KaTeX with its own fonts', async ({ page }) => {
    const body = page.locator('div.markdown');
    await expect(body.locator('.katex').first()).toBeVisible();
    await expect(body.locator('.katex-display')).toHaveCount(1);
    await expect(body).not.toContainText('$E=mc^2$');
    // A KaTeX font face that the page loaded: from the app's own files (the CSP allows no other).
    const fontLoaded = () =>
      page.evaluate(async () => {
        type Face = { family: string; status: string };
        const { fonts } = (globalThis as unknown as { document: { fonts: Iterable<Face> & { ready: Promise<unknown> } } }).document;
        await fonts.ready;
        return [...fonts].some((f) => f.family.replace(/"/g, '') === 'KaTeX_Main' && f.status === 'loaded');
      });
    await expect.poll(fontLoaded).toBe(true);
  });

  test('a mermaid fence is drawn as a diagram, within the CSP', async ({ page }) => {
    const csp = cspViolations(page);
    await page.reload();
    const diagram = page.locator('div.markdown .mermaid svg');
    await expect(diagram).toBeVisible();
    await expect(diagram).toContainText('Start here');
    await expect(diagram).toContainText('End there');
    expect(csp).toEqual([]);
  });

  test('code blocks are highlighted', async ({ page }) => {
    const code = page.locator('div.markdown pre code', { hasText: 'answer' });
    await expect(code.locator('.hljs-keyword', { hasText: 'const' })).toBeVisible();
  });

  test('callout titles keep their inline markup; each kind has its colour and icon', async ({ page }) => {
    const tip = page.locator('.callout-tip');
    await expect(tip.locator('.callout-title')).toHaveText('In Live Preview, it works');
    await expect(tip.locator('.callout-title em')).toHaveText('Live Preview');
    await expect(tip.locator('.callout-title strong')).toHaveText('works');
    await expect(tip).not.toContainText('[!tip]');
    for (const kind of ['tip', 'danger', 'faq', 'success']) await expect(page.locator(`.callout[data-callout="${kind}"] .callout-title svg`)).toBeVisible();
    const colour = (kind: string) =>
      page
        .locator(`.callout[data-callout="${kind}"]`)
        .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { borderLeftColor: string } }).getComputedStyle(el).borderLeftColor);
    const colours = new Set([await colour('tip'), await colour('danger'), await colour('faq'), await colour('success')]);
    expect(colours.size).toBe(4);
  });

  test('- callouts start folded and + callouts open; the title folds them from the keyboard', async ({ page }) => {
    const folded = page.locator('.callout[data-callout="faq"]');
    await expect(folded.getByText('Hidden answer.')).toBeHidden();
    await folded.locator('.callout-title').focus();
    await page.keyboard.press('Enter');
    await expect(folded.getByText('Hidden answer.')).toBeVisible();
    const open = page.locator('.callout[data-callout="success"]');
    await expect(open.getByText('Shown body.')).toBeVisible();
    await open.locator('.callout-title').focus();
    await page.keyboard.press('Enter');
    await expect(open.getByText('Shown body.')).toBeHidden();
  });
});

test('the README picture: a page as Obsidian draws it, once its diagram and math have drawn', async ({ page }, testInfo) => {
  await page.goto(`${own.cairn.url}#/page/showcase`);
  const body = page.locator('div.markdown');
  await expect(body.locator('.mermaid svg')).toContainText('Reader');
  await expect(body.locator('.katex-display')).toBeVisible();
  await expect(body.locator('.callout[data-callout="faq"]').getByText('Because a half-applied patch')).toBeHidden();
  await expect(body.locator('.embed')).toContainText('Second section text.');
  await expect(body.locator('pre code .hljs-keyword', { hasText: 'const' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await (globalThis as unknown as { document: { fonts: { ready: Promise<unknown> } } }).document.fonts.ready, true)))
    .toBe(true);
  await screenshot(page, testInfo, 'rendering', 'rendering.png');
});

test('an embed of itself stops at the cycle; a deep chain of embeds stops at the depth limit, linking on', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/loop`);
  const body = page.locator('div.markdown');
  await expect(body.locator('.embed')).toHaveCount(1);
  await expect(body.getByText('Loop text.')).toHaveCount(1);
  await expect(body.locator('.embed')).toContainText('already shown above');
  await page.goto(`${own.cairn.url}#/page/deep1`);
  await expect(body).toContainText('Depth 5 text.');
  await expect(body).not.toContainText('Depth 6 text.');
  await expect(body.getByRole('link', { name: /deep6/ })).toHaveAttribute('href', /deep6/);
});
