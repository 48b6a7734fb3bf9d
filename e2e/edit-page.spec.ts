// Editing a page in the app, through the write path an agent's write takes: a word changed and saved
// with Ctrl-S keeps every other byte; a file an editor changed behind the app's back is not
// overwritten but merged, both texts kept; a frontmatter field set through the form; a link to a
// page that does not exist refused, naming it, the text kept; a stale page opened in the editor; a
// save with site storage blocked still lands and shows the page; a field both sides changed marked.
// Its own `cairn serve` (--no-watch, so only the write's base-hash check sees the editor's change)
// over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

// a YAML comment, a flow list, a comment in the body: bytes a careless writer would lose
const plan = (title: string) => `---
title: ${title}
# who owns it
owner: ana
tags: [alpha, beta]
---
# ${title}

The launch is in spring
%%internal: keep it quiet%%

- [ ] draft the notes
See [[Other]] too.
`;

test.beforeAll(async () => {
  own = await ownServer('edit-page', (wiki) => {
    for (const name of ['Save', 'Merge', 'Fields', 'Refused', 'Blocked', 'Owner']) fs.writeFileSync(path.join(wiki, `${name}.md`), plan(name));
    fs.writeFileSync(path.join(wiki, 'Other.md'), '# Other\n\nAnother page.\n');
    fs.writeFileSync(path.join(wiki, 'Old.md'), '---\nreviewed: 2020-01-01\n---\n# Old\n\nLast looked at years ago.\n');
  });
});

test.afterAll(async () => {
  await own?.close();
});

const file = (name: string) => path.join(own.wiki, `${name}.md`);
const body = (page: Page) => page.getByRole('textbox', { name: 'Page body' });

/** Opens the page and its editor; the caret goes to the end of "The launch is in spring" (line 3 of the body). */
async function editSpringLine(page: Page, name: string): Promise<void> {
  await page.goto(`${own.cairn.url}#/page/${name}.md?root=${encodeURIComponent(own.wiki)}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await body(page).click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

/** Replaces the word before the caret. */
async function replaceWord(page: Page, word: string): Promise<void> {
  await page.keyboard.press('Control+Backspace');
  await page.keyboard.type(word);
}

test('change a word and save with Ctrl-S: only that word changes on disk', async ({ page }) => {
  const before = fs.readFileSync(file('Save'), 'utf8');
  await editSpringLine(page, 'Save');
  await replaceWord(page, 'autumn');
  await page.keyboard.press('Control+s');
  await expect(body(page)).toHaveCount(0);
  expect(fs.readFileSync(file('Save'), 'utf8')).toBe(before.replace('in spring', 'in autumn'));
  await expect(page.locator('.page-body')).toContainText('The launch is in autumn');
});

test('with site storage blocked, a save that landed shows the page, not the editor', async ({ page }) => {
  // as a browser blocking site data does: touching sessionStorage throws
  await page.addInitScript(() => {
    Object.defineProperty(globalThis, 'sessionStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const before = fs.readFileSync(file('Blocked'), 'utf8');
  await editSpringLine(page, 'Blocked');
  await replaceWord(page, 'autumn');
  await page.keyboard.press('Control+s');
  await expect(body(page)).toHaveCount(0);
  expect(fs.readFileSync(file('Blocked'), 'utf8')).toBe(before.replace('in spring', 'in autumn'));
  await expect(page.locator('.page-body')).toContainText('The launch is in autumn');
});

test('the file changed behind the editor: a merge view, nothing written until resolved, both kept', async ({ page }) => {
  const before = fs.readFileSync(file('Merge'), 'utf8');
  await editSpringLine(page, 'Merge');
  // an editor appends a line while the page is open in the app
  const theirs = `${before}Added by an editor.\n`;
  fs.writeFileSync(file('Merge'), theirs);
  await replaceWord(page, 'autumn');
  await page.keyboard.press('Control+s');

  const merge = page.getByRole('region', { name: 'Merge' });
  await expect(merge.getByRole('group', { name: 'Theirs' })).toContainText('Added by an editor.');
  await expect(merge.getByRole('group', { name: 'Yours' })).toContainText('The launch is in autumn');
  expect(fs.readFileSync(file('Merge'), 'utf8')).toBe(theirs);

  // a reload keeps mine: the editor comes back with it, and saving meets the same merge
  await page.reload();
  await expect(body(page)).toContainText('The launch is in autumn');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(merge.getByRole('group', { name: 'Theirs' })).toContainText('Added by an editor.');
  expect(fs.readFileSync(file('Merge'), 'utf8')).toBe(theirs);

  // take their added line into mine, and save the result
  await merge.getByRole('button', { name: 'Use their text here' }).last().click();
  await expect(merge.getByRole('group', { name: 'Yours' })).toContainText('Added by an editor.');
  await page.keyboard.press('Control+s');
  await expect(merge).toHaveCount(0);
  expect(fs.readFileSync(file('Merge'), 'utf8')).toBe(theirs.replace('in spring', 'in autumn'));
  await expect(page.locator('.page-body')).toContainText('Added by an editor.');
});

test('frontmatter fields edited in the form land in the file, a bad field name is refused by name', async ({ page }) => {
  const before = fs.readFileSync(file('Fields'), 'utf8');
  await page.goto(`${own.cairn.url}#/page/Fields.md?root=${encodeURIComponent(own.wiki)}`);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await page.keyboard.press('e');
  const fields = page.getByRole('group', { name: 'Frontmatter fields' });
  await fields.getByRole('textbox', { name: 'owner', exact: true }).fill('bea');
  await fields.getByRole('button', { name: 'Add field' }).click();
  await fields.getByRole('textbox', { name: 'New field name' }).fill('due date');
  await fields.getByRole('textbox', { name: 'New field value' }).fill('2026-12-01');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByRole('alert')).toContainText('due date');
  expect(fs.readFileSync(file('Fields'), 'utf8')).toBe(before);

  await fields.getByRole('textbox', { name: 'New field name' }).fill('due');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(fields).toHaveCount(0);
  expect(fs.readFileSync(file('Fields'), 'utf8')).toBe(
    before.replace('owner: ana', 'owner: bea').replace('tags: [alpha, beta]\n', 'tags: [alpha, beta]\ndue: 2026-12-01\n'),
  );
});

test('a field both sides changed is marked in the merge, theirs shown beside it, and kept until Save', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/Owner.md?root=${encodeURIComponent(own.wiki)}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const fields = page.getByRole('group', { name: 'Frontmatter fields' });
  await fields.getByRole('textbox', { name: 'owner', exact: true }).fill('bea');
  // another writer sets the same field while the editor is open
  const theirs = fs.readFileSync(file('Owner'), 'utf8').replace('owner: ana', 'owner: carl');
  fs.writeFileSync(file('Owner'), theirs);
  await page.getByRole('button', { name: /^Save/ }).click();

  const merge = page.getByRole('region', { name: 'Merge' });
  await expect(merge).toContainText('both changed');
  const owner = fields.getByRole('group', { name: 'owner: changed on both sides' });
  await expect(owner).toContainText('theirs: carl');
  await expect(owner.getByRole('textbox', { name: 'owner', exact: true })).toHaveValue('bea');
  expect(fs.readFileSync(file('Owner'), 'utf8')).toBe(theirs);

  // taking theirs leaves the field as their file has it
  await owner.getByRole('button', { name: 'Take theirs' }).click();
  await expect(fields.getByRole('textbox', { name: 'owner', exact: true })).toHaveValue('carl');
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(fields).toHaveCount(0);
  expect(fs.readFileSync(file('Owner'), 'utf8')).toBe(theirs);
});

test('a link to a page that does not exist is refused, naming it, and the text stays', async ({ page }) => {
  const before = fs.readFileSync(file('Refused'), 'utf8');
  await editSpringLine(page, 'Refused');
  await page.keyboard.type(' and [[Nowhere page]]');
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('alert')).toContainText('Nowhere page');
  await expect(body(page)).toContainText('The launch is in spring and [[Nowhere page]]');
  expect(fs.readFileSync(file('Refused'), 'utf8')).toBe(before);
});

test('a stale page opens in the editor from the Stale pages screen', async ({ page }) => {
  await page.goto(`${own.cairn.url}#/stale`);
  await page.getByRole('button', { name: 'What changed for Old' }).click();
  await page.getByRole('complementary', { name: 'Stale page Old' }).getByRole('link', { name: 'Edit page' }).click();
  await expect(body(page)).toContainText('Last looked at years ago.');
});
