// The search → page flow, shared by the browser spec and the Electron spec so the desktop app
// is held to the same behaviour.
import { expect, type Page } from '@playwright/test';
import { readResults, search, searchBox } from './app.ts';

export async function searchAndOpenFirst(page: Page): Promise<void> {
  await expect(page.getByText(/Type to search \d+ pages/)).toBeVisible();
  const list = await search(page, 'fusion weights');
  const shown = await readResults(list);
  expect(shown.map((r) => r.key).slice(0, 3)).toContain('fusion');
  const first = list.locator('li.result').first();
  const title = (await first.locator('.result-title').textContent())!;
  // The first result is selected; Enter opens it.
  await expect(first).toHaveAttribute('aria-current', 'true');
  await searchBox(page).press('Enter');
  await expect(page.locator(`article.page-screen[data-page="${shown[0]!.key}"]`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  const backlinks = page.locator('section[data-links="in"]');
  await expect(backlinks.locator('li.link a').first()).toBeVisible();
}
