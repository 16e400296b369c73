import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SiteStats } from '../../domain/analytics.js';
import { loadAppAtOnce, waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { logIn, openTab } from './admin-helpers.js';

const READER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ADMIN_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Real page loads (Chromium and plain HTTP, readers and bots) and the exact counts in the API and on the Overview. */
describe('insight: page analytics and the Overview', () => {
  const site = useBrowserSite();

  const stats = async (): Promise<SiteStats> => {
    const answer = await fetch(`${site.baseUrl}/api/admin/stats`, {
      headers: { authorization: `Bearer ${site.adminPassword}` },
    });
    expect(answer.status).toBe(200);
    return (await answer.json()) as SiteStats;
  };

  it('counts a reader’s page load and client navigation, HTTP loads with referrers and utm, and no bot; no cookie is set', async () => {
    const cookies: string[] = [];
    const reader = await site.browser.newContext({ userAgent: READER_UA, viewport: { width: 1280, height: 800 } });
    await loadAppAtOnce(reader); // what it checks is the app's (a reader's browser imports it on their first intent)
    const page = await reader.newPage();
    page.on('response', (response: Response) => {
      const header = response.headers()['set-cookie'];
      if (header) cookies.push(`${response.url()}: ${header}`);
    });
    await page.goto(`${site.baseUrl}/books?utm_source=bsky&utm_campaign=launch`);
    await waitForHydration(page);
    // The server's answer, not just the sending: closing the context could otherwise cancel the beacon in flight.
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/analytics/navigation'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(/\/blog$/);
    const beaconAnswer = await beacon;
    expect(beaconAnswer.request().postData()).toBe('/blog');
    expect(beaconAnswer.status()).toBeLessThan(300);
    await reader.close();

    // A bot in Chromium (headless Chromium says so in its user agent) is not counted.
    const bot = await site.browser.newContext();
    await loadAppAtOnce(bot);
    const botPage = await bot.newPage();
    await botPage.goto(`${site.baseUrl}/about`);
    await waitForHydration(botPage);
    await bot.close();

    const http = (url: string, headers: Record<string, string>) => fetch(`${site.baseUrl}${url}`, { headers });
    const answers = await Promise.all([
      http('/books', { 'user-agent': DESKTOP_UA, referer: 'https://www.goodreads.com/book/show/1' }),
      http('/about', { 'user-agent': DESKTOP_UA, referer: 'https://www.goodreads.com/' }),
      http('/about', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }),
      http('/about', { 'user-agent': 'curl/8.5.0' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(cookies).toEqual([]);

    let figures = await stats();
    for (let tries = 0; figures.views < 4 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      figures = await stats();
    }
    expect(figures.views).toBe(4);
    expect(figures.visitors).toBe(2);
    expect(figures.pages).toEqual(
      expect.arrayContaining([
        { path: '/books', views: 2, visitors: 2 },
        { path: '/blog', views: 1, visitors: 1 },
        { path: '/about', views: 1, visitors: 1 },
      ]),
    );
    expect(figures.referrers).toEqual(
      expect.arrayContaining([
        { source: 'goodreads.com', views: 2, visitors: 1 },
        { source: 'bsky', views: 1, visitors: 1 },
      ]),
    );
    expect(figures.campaigns).toEqual([{ source: 'bsky', campaign: 'launch', views: 1 }]);
    expect(figures.devices.phone.views).toBe(2);
    expect(figures.devices.desktop.views).toBe(2);
  });

  it('opens /admin on the Overview with the same figures, charts with table equivalents, readable at 1280 and 375 px', async () => {
    // One issue sent, so the Overview lists it in its issues' table.
    const asAdmin = { authorization: `Bearer ${site.adminPassword}`, 'content-type': 'application/json' };
    const draft = await fetch(`${site.baseUrl}/trpc/mail.saveDraft`, {
      method: 'POST',
      headers: asAdmin,
      body: JSON.stringify({ json: { subject: 'Letters from the marsh', body: 'The first letter of the season.' } }),
    });
    expect(draft.status).toBe(200);
    const issueId = ((await draft.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;
    const reach = await fetch(`${site.baseUrl}/api/admin/newsletter/recipients`, {
      method: 'POST',
      headers: asAdmin,
      body: '{}',
    });
    const { count } = (await reach.json()) as { count: number };
    const sent = await fetch(`${site.baseUrl}/api/admin/newsletter/issues/${issueId}/send`, {
      method: 'POST',
      headers: asAdmin,
      body: JSON.stringify({ expectedRecipients: count }),
    });
    expect(sent.status).toBe(200);
    // The admin's browser (its own user agent): signed in, its page views are left out.
    const admin = await site.browser.newContext({ userAgent: ADMIN_UA, viewport: { width: 1280, height: 800 } });
    await loadAppAtOnce(admin); // its browsing of public pages below waits for the app
    const page = await admin.newPage();
    await logIn(page, site);
    await openTab(page, 'Overview');
    const pages = page.getByRole('table', { name: 'Top pages' });
    await pages.waitFor();
    await expect.poll(() => pages.getByRole('row', { name: /\/books/ }).innerText()).toMatch(/\/books\s+2\s+2/);
    expect(
      await page
        .getByRole('table', { name: 'Top referrers' })
        .getByRole('row', { name: /goodreads\.com/ })
        .innerText(),
    ).toMatch(/2\s+1/);
    // The chart's figures as a table for screen readers: today's row has the 4 views.
    const chartTable = page.locator('table', {
      has: page.locator('caption', { hasText: 'Views and visitors by day' }),
    });
    expect(await chartTable.locator('tbody tr').last().innerText()).toMatch(/4\s+2/);
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(2);
    // The period switch.
    await page.locator('label', { hasText: '7 days' }).click();
    expect(await page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    await expect.poll(() => chartTable.locator('tbody tr').count()).toBe(7);

    await saveScreenshot(page, 'overview-1280', { fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    // The charts follow the new width once their ResizeObserver has run; then nothing may scroll sideways.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
      timeout: 5_000,
    });
    await saveScreenshot(page, 'overview-375', { fullPage: true });
    // The issues' table is wider than the phone: it scrolls in its own box, which shows it (a shade on the edge).
    const issuesBox = await page.getByRole('table', { name: 'Newsletter issues' }).evaluate((table) => {
      let box = table.parentElement!;
      while (getComputedStyle(box).overflowX !== 'auto') box = box.parentElement!;
      return { scrolls: box.scrollWidth > box.clientWidth, background: getComputedStyle(box).backgroundImage };
    });
    expect(issuesBox.scrolls).toBe(true);
    expect(issuesBox.background).toContain('radial-gradient');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The admin's own browsing is not counted.
    const before = (await stats()).views;
    await page.goto(`${site.baseUrl}/books`);
    await waitForHydration(page);
    await page.goto(`${site.baseUrl}/about`);
    await waitForHydration(page);
    expect((await stats()).views).toBe(before);
    await admin.close();
  });
});
