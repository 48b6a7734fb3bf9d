// Editing a page of a real vault (a copy of foam-docs): the editor beside the page's frontmatter
// fields, then the merge view when the file changed behind it — the README's two screenshots. The
// copy is edited; the vault itself is only read.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, screenshot } from './app.ts';
import { ownServer, type OwnServer } from './own-server.ts';

const FOAM = path.join(ROOT, '..', 'shared', 'eval', 'wikis', 'foam-docs');
const PAGE = 'user/features/note-properties.md';
let foam: OwnServer;
test.skip(!fs.existsSync(FOAM), `the foam-docs wiki is not at ${FOAM}`);

test.beforeAll(async () => {
  foam = await ownServer('edit-foam', (wiki) => fs.cpSync(FOAM, wiki, { recursive: true }));
});

test.afterAll(async () => {
  await foam?.close();
});

test('edit a foam-docs page, and merge when the file changed meanwhile', async ({ page }, testInfo) => {
  test.slow(); // a real vault's page: its editor and the merge view take longer to draw
  const file = path.join(foam.wiki, PAGE);
  const before = fs.readFileSync(file, 'utf8');
  await page.goto(`${foam.cairn.url}#/page/${PAGE}?root=${encodeURIComponent(foam.wiki)}`);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeVisible();
  await screenshot(page, testInfo, 'edit-foam-page');
  await edit.click();
  const body = page.getByRole('textbox', { name: 'Page body' });
  await expect(body).toContainText('At the top of the file');
  // a paragraph of mine after the title (line 3 of the body: a blank line, the title, a blank line)
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('Cairn keeps every byte you did not change.');
  await page.keyboard.press('Enter');
  await page.getByRole('group', { name: 'Frontmatter fields' }).getByRole('textbox', { name: 'type', exact: true }).fill('guide');
  await screenshot(page, testInfo, 'edit-foam', 'editing.png');

  // another editor rewords the warning below while the page is open in the app
  const warning = '> Be aware that this YAML section needs to be at the very top of the file to be valid.';
  expect(before).toContain(warning);
  const theirs = before.replace(warning, '> This YAML section must be the very first thing in the file, or it is read as text.');
  fs.writeFileSync(file, theirs);
  await page.keyboard.press('Control+s');
  const merge = page.getByRole('region', { name: 'Merge' });
  await expect(merge.getByRole('group', { name: 'Theirs' })).toContainText('must be the very first thing');
  await expect(merge.getByRole('group', { name: 'Yours' })).toContainText('Cairn keeps every byte you did not change.');
  expect(fs.readFileSync(file, 'utf8')).toBe(theirs);
  await screenshot(page, testInfo, 'edit-foam-merge', 'merge.png');

  // dark: the editor takes the app's dark colours (--surface), not CodeMirror's own
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(merge.locator('.cm-merge-b')).toHaveCSS('background-color', 'rgb(26, 29, 35)');
  await screenshot(page, testInfo, 'edit-foam-merge-dark');
});
