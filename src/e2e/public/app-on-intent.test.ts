import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackConsoleProblems, waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';

/** A page opened as a reader's browser opens it: the app is imported on their first intent, not at once. */
async function openAsReader(
  context: BrowserContext,
  url: string,
): Promise<{ page: Page; scripts: string[]; problems: string[] }> {
  const page = await context.newPage();
  const problems = trackConsoleProblems(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  return { page, scripts, problems };
}

async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const footer = document.querySelector('footer');
    return !!footer && Object.keys(footer).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * A public page is complete as the server rendered it, so the app (React, the router, the page's chunk) is
 * imported only when the reader reaches for a control or presses a key: a reader who reads, scrolls and
 * follows links fetches no script at all. Once it arrives the page hydrates where the reader left it.
 */
describe('the app arrives on the reader’s first intent', () => {
  const site = useBrowserSite({ readOnly: true });

  it('a phone reader reads, scrolls and follows links without fetching a script', async () => {
    const context = await site.newContext({ viewport: 'mobile', appLoads: 'on-intent' });
    const { page, scripts, problems } = await openAsReader(context, `${site.baseUrl}/blog`);
    expect(scripts).toEqual([]);
    await page.getByRole('heading', { level: 1 }).tap(); // a tap on the text, not on a control
    await page.mouse.wheel(0, 500);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    const firstPost = page.locator('main a[href^="/blog/"]').first();
    const postUrl = await firstPost.getAttribute('href');
    await firstPost.tap();
    await page.waitForURL(`${site.baseUrl}${postUrl}`);
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a pointer reaching a control imports the app, which hydrates the page where the reader scrolled it', async () => {
    const context = await site.newContext({ appLoads: 'on-intent' });
    const { page, scripts, problems } = await openAsReader(context, `${site.baseUrl}/`);
    expect(scripts).toEqual([]);
    // Over the text: nothing.
    await page.getByRole('heading', { level: 1 }).first().hover();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    const email = page.getByRole('textbox', { name: /email/i }).first();
    await email.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await email.hover();
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((script) => /\/assets\/entry-client-[\w-]+\.js$/.test(script))).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    // The app's navigation has taken over: a link opens the next page without reloading this one.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('banner').getByRole('link', { name: 'Books', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'The Books' }).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a key imports it too; a post hydrates without jumping to its top', async () => {
    const context = await site.newContext({ appLoads: 'on-intent' });
    const [post] = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ url: string }>;
    const { page, scripts, problems } = await openAsReader(context, `${site.baseUrl}${post!.url}`);
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY >= 400);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    expect(scripts).toEqual([]);
    await page.keyboard.press('Shift');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a control tapped before the app arrives answers as it does without a script, and the app takes over', async () => {
    const context = await site.newContext({ viewport: 'mobile', appLoads: 'on-intent' });
    const { page, scripts, problems } = await openAsReader(context, `${site.baseUrl}/books`);
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    // The burger is a link to the menu until the app runs: the menu opens, and a link is no intent.
    await page.getByRole('link', { name: 'Open menu' }).tap();
    await menu.waitFor();
    await menu.getByRole('link', { name: 'Contact' }).tap();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /contact/i }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([]);
    expect(await menu.isVisible()).toBe(false);
    // A field is: the app arrives while the reader types, keeps what was typed, and the burger becomes a button.
    await page.getByRole('textbox', { name: /^Name/ }).tap();
    await page.keyboard.type('Early Reader');
    await waitForHydration(page);
    expect(await page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('Early Reader');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await menu.waitFor();
    await page.getByRole('button', { name: 'Close menu' }).tap();
    await menu.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the admin area, nothing without its script, and a draft’s preview import it at once', async () => {
    const context = await site.newContext({ appLoads: 'on-intent' });
    const { page, scripts } = await openAsReader(context, `${site.baseUrl}/admin`);
    expect(scripts.length).toBeGreaterThan(0);
    await page.getByLabel(/password/i).first().waitFor();
    await context.close();
    const atOnce = async (pagePath: string) =>
      (await (await fetch(`${site.baseUrl}${pagePath}`)).text()).includes('self.__appAtOnce=true');
    expect(await atOnce('/blog/preview/a-draft')).toBe(true);
    expect(await atOnce('/blog')).toBe(false);
  });
});
