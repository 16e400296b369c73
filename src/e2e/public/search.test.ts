import { describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX_LENGTH } from '../../domain/search.js';
import { useBrowserSite, type Site } from '../support/fixture.js';
import { expectNoHorizontalOverflow, openPage } from './helpers.js';

const FIELD_NAME = 'Search books, excerpts and posts';
const XSS_TITLE = 'Ravenglass <img src=x onerror="window.__xss=1"> <script>window.__xss=2</script>';

/** A post whose title tries to run script wherever it is shown. */
async function createHostilePost(site: Site): Promise<void> {
  const [demoPost] = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ coverImage: string }>;
  const response = await fetch(`${site.baseUrl}/api/blog`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.adminPassword}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: XSS_TITLE,
      summary: 'A <b>bold</b> claim about the ravenglass.',
      content: 'The ravenglass <iframe src="javascript:alert(1)"></iframe> shattered.',
      category: 'announcements',
      coverImage: demoPost!.coverImage,
    }),
  });
  expect(response.status).toBe(201);
}

describe('site search with JavaScript', () => {
  const site = useBrowserSite({ isolation: 'test' });

  it('searches from the mobile menu at 375 px: results with highlighted words, without a reload', async () => {
    const context = await site.newContext({ viewport: 'mobile' });
    const { page, problems } = await openPage(context, site.baseUrl, '/books');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await page.getByRole('button', { name: 'Open menu' }).click();
    const field = page.getByRole('searchbox', { name: FIELD_NAME });
    await field.waitFor();
    // The menu still fits: its last control is on screen without scrolling.
    const subscribe = page.locator('header').getByRole('button', { name: 'Subscribe' });
    const box = await subscribe.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(812);
    await expectNoHorizontalOverflow(page);

    await field.fill('salt');
    await field.press('Enter');
    await page.waitForURL(`${site.baseUrl}/search?q=salt`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    const results = page.getByRole('list').filter({ has: page.locator('mark') });
    await results.waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'hidden' });

    const marks = await results.locator('mark').allTextContents();
    expect(marks.length).toBeGreaterThan(2);
    expect(marks.every((text) => text.toLowerCase() === 'salt')).toBe(true);
    expect(await page.getByText(/\d+ results? for “salt”/).isVisible()).toBe(true);
    await expectNoHorizontalOverflow(page);

    // The major-spoiler excerpt "Salt" shows its warning; its passage stays folded until asked for.
    const spoiler = page.locator('main ol > li').filter({ hasText: 'Major Spoilers' });
    expect(await spoiler.count()).toBe(1);
    const warning = spoiler.getByText('This excerpt reveals major plot events');
    expect(await warning.isVisible()).toBe(true);
    const passage = spoiler.locator('details p');
    expect(await passage.isVisible()).toBe(false);
    await warning.click();
    expect(await passage.isVisible()).toBe(true);

    // A result leads to its page, in the app.
    await page.getByRole('link', { name: 'The Salt Road' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Salt Road' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/excerpts\//);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('works by keyboard from the desktop header, and shows stored markup as text', async () => {
    await createHostilePost(site);
    const { page, problems } = await openPage(site.context, site.baseUrl, '/');
    const field = page.getByRole('search', { name: 'Site search' }).getByRole('searchbox', { name: FIELD_NAME });
    expect(await field.isVisible()).toBe(true);
    // Tab from the last navigation link reaches the field.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).focus();
    await page.keyboard.press('Tab');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('<script> ravenglass');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    const result = page.locator('main ol > li').filter({ hasText: 'Ravenglass' });
    await result.waitFor();
    // The title's markup is text on the page: no element made of it, no script run.
    expect(await result.getByRole('heading').innerText()).toBe(XSS_TITLE);
    expect(await result.locator('img, script, iframe, b').evaluateAll((found) => found.map((element) => element.outerHTML))).toEqual([]);
    expect(await result.locator('mark').allInnerTexts()).toEqual(expect.arrayContaining(['Ravenglass', 'script']));
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(problems()).toEqual([]);
  });

  it('says what to do with no words, no results or too many characters', async () => {
    const { page } = await openPage(site.context, site.baseUrl, '/search');
    await page.getByRole('heading', { name: 'What are you looking for?' }).waitFor();
    const field = page.getByRole('search', { name: 'Search again' }).getByRole('searchbox');
    await field.fill('zzqxv');
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Nothing found' }).waitFor();
    expect(await page.getByText('No book, excerpt or post matches “zzqxv”.', { exact: false }).isVisible()).toBe(true);
    // A quoted phrase keeps its quotes in the address and the field, and is searched as a phrase.
    await field.fill('"salt road"');
    await field.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === '"salt road"');
    await page.locator('main ol > li').filter({ hasText: 'The Salt Road' }).waitFor();
    expect(await page.getByRole('search', { name: 'Search again' }).getByRole('searchbox').inputValue()).toBe(
      '"salt road"',
    );
    // Words JSON would read as other things are words too.
    await page.goto(`${site.baseUrl}/search?q=true`);
    expect(await page.getByRole('search', { name: 'Search again' }).getByRole('searchbox').inputValue()).toBe('true');
    await page.goto(`${site.baseUrl}/search?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`);
    await page.getByRole('heading', { name: 'That search is too long' }).waitFor();
  });
});

describe('site search without JavaScript', () => {
  const site = useBrowserSite({ javaScriptEnabled: false });

  it('submits the GET form and gets the results rendered by the server, noindex', async () => {
    await createHostilePost(site);
    const page = await site.context.newPage();
    await page.goto(`${site.baseUrl}/books`, { waitUntil: 'load' });
    const form = page.getByRole('search', { name: 'Site search' }).first();
    expect(await form.getAttribute('method')).toBe('get');
    expect(await form.getAttribute('action')).toBe('/search');
    await form.getByRole('searchbox', { name: FIELD_NAME }).fill('lantern drowned');
    const [response] = await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      form.getByRole('button', { name: 'Search' }).click(),
    ]);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex');
    expect(new URL(page.url()).search).toBe('?q=lantern+drowned');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    const first = page.locator('main ol > li').first();
    expect(await first.getByRole('heading').innerText()).toMatch(/Lantern for the Drowned/);
    expect((await first.locator('mark').allInnerTexts()).map((text) => text.toLowerCase())).toEqual(
      expect.arrayContaining(['lantern', 'drowned']),
    );
    // The field shows the words searched, ready to refine.
    expect(await page.getByRole('search', { name: 'Search again' }).getByRole('searchbox').inputValue()).toBe(
      'lantern drowned',
    );

    // A phrase sent by the form keeps its quotes.
    const phrase = page.getByRole('search', { name: 'Search again' });
    await phrase.getByRole('searchbox').fill('"the drowned"');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), phrase.getByRole('button', { name: 'Search' }).click()]);
    expect(new URL(page.url()).search).toBe('?q=%22the+drowned%22');
    expect(await page.getByRole('search', { name: 'Search again' }).getByRole('searchbox').inputValue()).toBe(
      '"the drowned"',
    );
    await page.goBack({ waitUntil: 'load' });

    // A result is a plain link to its page.
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^\/(books|excerpts|blog)\//);

    // Hostile stored content and query, server-rendered: text, not markup.
    await page.goto(`${site.baseUrl}/search?q=${encodeURIComponent('<img src=x onerror=alert(1)> ravenglass')}`);
    const hostile = page.locator('main ol > li').filter({ hasText: 'Ravenglass' });
    expect(await hostile.getByRole('heading').innerText()).toBe(XSS_TITLE);
    expect(await page.locator('main img[src="x"], main iframe, main script').count()).toBe(0);

  });

  it('is not in the sitemap', async () => {
    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('<loc>');
    expect(sitemap).not.toContain('/search');
  });
});
