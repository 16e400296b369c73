import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';

/** Every tRPC read from now on answers `delayMs` late (as a slow server or network would). */
async function slowData(page: Page, delayMs: number): Promise<void> {
  await page.route('**/trpc/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue().catch(() => undefined);
  });
}

/** Client-side navigations that wait for data show a progress bar and the page's skeleton, then the page. */
describe('navigation feedback', () => {
  const site = useBrowserSite({ readOnly: true, isolation: 'test' });
  const progressBar = (page: Page) => page.getByRole('progressbar', { name: 'Loading the page' });

  it('shows the progress bar and the books skeleton while /books loads, then the books', async () => {
    const { page } = site;
    // From a page that has not read the books (the home page has them already).
    await page.goto(`${site.baseUrl}/about`);
    await waitForHydration(page);
    expect(await progressBar(page).count()).toBe(0);
    await slowData(page, 2_000);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Books' }).click();
    await progressBar(page).waitFor({ timeout: 1_500 });
    await page.getByLabel('Loading books').waitFor({ timeout: 1_500 });
    // The previous page is gone.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['The Books']);
    await page.getByRole('heading', { name: 'The Ashwarden' }).waitFor({ timeout: 10_000 });
    await progressBar(page).waitFor({ state: 'detached' });
    expect(await page.getByLabel('Loading books').count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it("shows the excerpt's skeleton while an excerpt loads, then the excerpt", async () => {
    const { page } = site;
    const excerpts = (await (await fetch(`${site.baseUrl}/api/excerpts`)).json()) as Array<{ slug: string; title: string }>;
    const excerpt = excerpts[0]!;
    await page.goto(`${site.baseUrl}/excerpts`);
    await waitForHydration(page);
    await slowData(page, 2_000);
    await page.locator(`a[href="/excerpts/${excerpt.slug}"]`).first().click();
    await progressBar(page).waitFor({ timeout: 1_500 });
    await page.getByLabel('Loading excerpt').waitFor({ timeout: 1_500 });
    await page.getByRole('heading', { level: 1, name: excerpt.title }).waitFor({ timeout: 10_000 });
    await progressBar(page).waitFor({ state: 'detached' });
    expect(site.problems).toEqual([]);
  });

  it("shows the book page's own skeleton (cover and text) while a book loads, then the book", async () => {
    const { page } = site;
    const [book] = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as Array<{ slug: string; title: string }>;
    await page.goto(`${site.baseUrl}/books`);
    await waitForHydration(page);
    await slowData(page, 2_000);
    await page.locator(`a[href="/books/${book!.slug}"]`).first().click();
    const skeleton = page.getByLabel('Loading book', { exact: true });
    await skeleton.waitFor({ timeout: 1_500 });
    // Shaped like the page it stands for: a cover frame beside the text.
    const [cover, text] = await Promise.all([
      skeleton.locator('> div > div').nth(0).boundingBox(),
      skeleton.locator('> div > div').nth(1).boundingBox(),
    ]);
    expect(cover!.width).toBeGreaterThan(200);
    expect(text!.x).toBeGreaterThan(cover!.x + cover!.width);
    await page.getByRole('heading', { level: 1, name: book!.title }).waitFor({ timeout: 10_000 });
    expect(await skeleton.count()).toBe(0);
    expect(site.problems).toEqual([]);
  });

  it('shows nothing for a quick navigation', async () => {
    const { page } = site;
    await page.goto(`${site.baseUrl}/`);
    await waitForHydration(page);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __seen: string[] }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) seen.push('progressbar');
      }).observe(document.body, { childList: true, subtree: true });
    });
    // About reads no data; pointing at the link fetches its code, so the click waits for nothing.
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    await about.hover();
    await page.waitForLoadState('networkidle');
    await about.click();
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'The Throne Awaits' }).waitFor();
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([]);
  });
});
