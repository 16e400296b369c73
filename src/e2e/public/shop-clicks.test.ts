import { describe, expect, it } from 'vitest';
import type { SiteStats } from '../../domain/analytics.js';
import { logIn, openTab } from '../admin/admin-helpers.js';
import { loadAppAtOnce, trackConsoleProblems, waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';

const READER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const ADMIN_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type PublicBook = { id: string; title: string; retailerLinks: Array<{ label: string; url: string }> };

/** A reader picks a shop in the Buy menu: the click goes through the signed /r/ redirect and is counted. */
describe('Buy-menu shop clicks', () => {
  const site = useBrowserSite();

  const stats = async (): Promise<SiteStats> =>
    (await (
      await fetch(`${site.baseUrl}/api/admin/stats`, { headers: { authorization: `Bearer ${site.adminPassword}` } })
    ).json()) as SiteStats;

  it('counts a click on a shop of the Buy menu and lands on the shop’s address; the Overview shows it', async () => {
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as PublicBook[];
    const book = books.find((entry) => entry.retailerLinks.some((link) => link.label === 'Amazon'))!;
    const amazon = book.retailerLinks.find((link) => link.label === 'Amazon')!;
    const shopHost = new URL(amazon.url).host;

    const reader = await site.browser.newContext({ userAgent: READER_UA, viewport: { width: 375, height: 800 } });
    await loadAppAtOnce(reader); // what it checks is the app's (a reader's browser imports it on their first intent)
    // Nothing leaves loopback: the retailer's page is answered here.
    const reachedShop: string[] = [];
    await reader.route(
      (url) => url.host === shopHost,
      async (route) => {
        reachedShop.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Shop</title><p>Shop</p>' });
      },
    );
    const page = await reader.newPage();
    const problems = trackConsoleProblems(page);
    await page.goto(`${site.baseUrl}/books`);
    await waitForHydration(page);
    const before = (await stats()).shopClicks;

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: book.title, exact: true }) });
    await card.getByRole('button', { name: /^(Buy|Preorder from a shop)/ }).click();
    const item = page.getByRole('menuitem', { name: /Amazon/ }).first();
    const href = await item.getAttribute('href');
    expect(href).toMatch(/^\/r\/s[\w-]{11}\.\d+$/);
    const [shopTab] = await Promise.all([reader.waitForEvent('page'), item.click()]);
    await shopTab.waitForURL(amazon.url);
    expect(shopTab.url()).toBe(amazon.url);
    expect(reachedShop).toEqual([amazon.url]);

    const clicksOf = (rows: SiteStats['shopClicks']) =>
      rows.find((row) => row.bookId === book.id && row.shop === 'Amazon')?.clicks ?? 0;
    expect(clicksOf((await stats()).shopClicks)).toBe(clicksOf(before) + 1);
    expect(problems).toEqual([]);
    await reader.close();

    const admin = await site.browser.newContext({ userAgent: ADMIN_UA, viewport: { width: 1280, height: 800 } });
    const adminPage = await admin.newPage();
    await logIn(adminPage, site);
    await openTab(adminPage, 'Overview');
    const table = adminPage.getByRole('table', { name: 'Buy-menu shop clicks per book and shop' });
    await table.waitFor();
    expect(await table.getByRole('row', { name: new RegExp(`${book.title}.*Amazon`) }).innerText()).toMatch(
      new RegExp(`Amazon\\s+${clicksOf(before) + 1}`),
    );
    const panel = table;
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(panel, 'overview-1280');
    await adminPage.setViewportSize({ width: 375, height: 800 });
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(panel, 'overview-375');
    await admin.close();
  });
});
