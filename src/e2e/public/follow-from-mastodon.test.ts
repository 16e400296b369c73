import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectNoHorizontalOverflow, openPage } from './helpers.js';

const MESSAGE = 'Server must be a domain name, such as mastodon.social';

/**
 * Answers GET /follow from the real server but stops at its redirect: the reader's server is not reachable from a
 * test (loopback only), so its page is stood in for, and the address the site sent the browser to is recorded.
 */
async function stopAtTheReadersServer(page: Page): Promise<string[]> {
  const sentTo: string[] = [];
  await page.route(/\/follow\?/, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    if (answer.status() !== 303) return route.fulfill({ response: answer });
    sentTo.push(answer.headers().location!);
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Your server</title><h1>Follow?</h1>' });
  });
  return sentTo;
}

/** Issue 35: the site's fediverse account in the footer, and "Follow from Mastodon" on the About page. */
describe('Follow from Mastodon', () => {
  const site = useBrowserSite({ readOnly: true });

  for (const viewport of ['mobile', 'desktop'] as const)
    it(`the footer names the account; the About page's form sends the reader to their server, by keyboard (${viewport})`, async () => {
      const context = await site.newContext({ viewport });
      const { page, problems } = await openPage(context, site.baseUrl, '/');
      const handle = `@author@${new URL(site.baseUrl).host}`;
      const sentTo = await stopAtTheReadersServer(page);

      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: handle });
      await footerLink.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/about#follow$/);
      const form = page.getByRole('form', { name: 'Follow from Mastodon' });
      await page.locator('#follow').getByText(handle).waitFor();
      // The link leads to the form itself, scrolled into view.
      await expect
        .poll(() => page.locator('#follow').evaluate((section) => section.getBoundingClientRect().top < innerHeight))
        .toBe(true);
      await expectNoHorizontalOverflow(page);

      // A client-side navigation shows the page while its data loads and then swaps in the loaded one (the
      // router's pending page), which would drop what was typed in the first few hundred ms: the form is tried on
      // the page as loaded.
      await page.reload();
      await waitForHydration(page);
      // A name that is not a server is answered in place, before anything is sent.
      const field = form.getByRole('textbox', { name: 'Your server' });
      await field.focus();
      await page.keyboard.type('my server');
      await page.keyboard.press('Enter');
      await form.getByText(MESSAGE).waitFor();
      expect(sentTo).toEqual([]);
      await page.locator('#follow').scrollIntoViewIfNeeded();
      await saveScreenshot(page, `about-follow-${viewport}`);

      // Their whole handle will do: the site sends them to their server's follow page for its account.
      await field.fill('@reader@mastodon.social');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Follow?' }).waitFor();
      expect(sentTo).toEqual([`https://mastodon.social/authorize_interaction?uri=${encodeURIComponent(handle)}`]);
      expect(problems()).toEqual([]);
      await context.close();
    });

  it('works without JavaScript: the form is a GET to /follow, and a wrong name gets a page saying so', async () => {
    const context = await site.newContext({ viewport: 'mobile', javaScriptEnabled: false });
    const page = await context.newPage();
    const sentTo = await stopAtTheReadersServer(page);
    await page.goto(`${site.baseUrl}/about`);
    const form = page.getByRole('form', { name: 'Follow from Mastodon' });
    expect(await form.getAttribute('method')).toBe('get');

    await form.getByRole('textbox', { name: 'Your server' }).fill('localhost');
    await form.getByRole('button', { name: 'Follow from Mastodon' }).click();
    await page.getByText(MESSAGE).waitFor();
    await expectNoHorizontalOverflow(page);
    await page.getByRole('link', { name: 'Back to the About page' }).click();

    await page.getByRole('textbox', { name: 'Your server' }).fill('fosstodon.org');
    await page.getByRole('button', { name: 'Follow from Mastodon' }).click();
    await page.getByRole('heading', { name: 'Follow?' }).waitFor();
    expect(sentTo).toEqual([
      `https://fosstodon.org/authorize_interaction?uri=${encodeURIComponent(`@author@${new URL(site.baseUrl).host}`)}`,
    ]);
    await context.close();
  });
});
