import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { holdNextRequest } from '../support/held-request.js';
import { afterNextPaint, layoutShifts, watchLayoutShifts } from '../support/layout-shifts.js';

type Box = { selector: string; top: number; height: number };

/** Where the page's main blocks are (document coordinates). */
function layoutOf(page: Page): Promise<Box[]> {
  return page.evaluate(() =>
    ['header', 'main section', 'main h1', '#newsletter', '#newsletter h2', 'footer'].flatMap((selector) => {
      const element = document.querySelector(selector);
      if (!element) return [];
      const rect = element.getBoundingClientRect();
      return [{ selector, top: rect.top + window.scrollY, height: rect.height }];
    }),
  );
}

/**
 * Opens the page with its script held back, notes the layout of the server-rendered page, lets the
 * script run and hydrate, and checks that nothing moved or shifted meanwhile.
 */
async function openAndCheckHydrationKeepsLayout(page: Page, url: string): Promise<void> {
  const entry = await holdNextRequest(page, '**/assets/entry-client-*.js');
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await entry.arrived;
  // Every web font loaded now, so no late font swap is mistaken for the script's doing (a stand-in face whose
  // local font this machine lacks fails to load, and is not used).
  await page.evaluate(() => Promise.allSettled([...document.fonts].map((face) => face.load())));
  // Let the swapped fonts paint before watching.
  await afterNextPaint(page);
  const before = await layoutOf(page);
  expect(before.length).toBeGreaterThanOrEqual(3);
  await watchLayoutShifts(page);
  entry.release();
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(await layoutOf(page)).toEqual(before);
  expect(await layoutShifts(page)).toEqual([]);
}

/** After a tap and the smooth scroll, the newsletter heading is on screen below the sticky header. */
async function expectHeadingVisibleBelowHeader(page: Page, heading: Locator): Promise<void> {
  await heading.waitFor();
  // The smooth scroll has settled once it has left the top and two readings 150 ms apart agree.
  let last = Number.NaN;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await page.waitForTimeout(150);
    const y = await page.evaluate(() => window.scrollY);
    if (y > 0 && y === last) break;
    last = y;
  }
  const { headingTop, headingBottom, headerBottom, viewport } = await heading.evaluate((element) => ({
    headingTop: element.getBoundingClientRect().top,
    headingBottom: element.getBoundingClientRect().bottom,
    headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
    viewport: window.innerHeight,
  }));
  expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
  expect(headingBottom).toBeLessThanOrEqual(viewport);
}

/** At 375 px, each Subscribe entry point lands on the newsletter heading; the page never moves when its script loads. */
describe('Subscribe at 375 px', () => {
  const site = useBrowserSite({ viewport: 'mobile', isolation: 'test' });
  const newsletterHeading = (page: Page) => page.locator('#newsletter h2');
  const firstPostUrl = async () => {
    const posts = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ id: string }>;
    return `${site.baseUrl}/blog/${posts[0]!.id}`;
  };

  it("scrolls from the hero's Subscribe to the newsletter heading", async () => {
    const { page } = site;
    await openAndCheckHydrationKeepsLayout(page, `${site.baseUrl}/`);
    const stylesheets = () => page.locator('link[rel="stylesheet"]').count();
    const linked = await stylesheets();
    await page.getByRole('region', { name: 'The Throne Awaits' }).getByRole('button', { name: 'Subscribe' }).tap();
    await expectHeadingVisibleBelowHeader(page, newsletterHeading(page));
    // The tap (focusing the form, which loads its validation) added no stylesheet mid-scroll.
    expect(await stylesheets()).toBe(linked);
    expect(site.problems).toEqual([]);
  });

  it("scrolls from the mobile menu's Subscribe, on another page, to the home page's newsletter heading", async () => {
    const { page } = site;
    await openAndCheckHydrationKeepsLayout(page, `${site.baseUrl}/books`);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.locator('header').getByRole('button', { name: 'Subscribe', exact: true }).tap();
    await page.waitForURL(/\/#newsletter$/);
    await expectHeadingVisibleBelowHeader(page, newsletterHeading(page));
    expect(site.problems).toEqual([]);
  });

  it("scrolls from a post's Subscribe to Newsletter to the home page's newsletter heading", async () => {
    const { page } = site;
    await openAndCheckHydrationKeepsLayout(page, await firstPostUrl());
    await page.getByRole('link', { name: 'Subscribe to Newsletter' }).tap();
    await page.waitForURL(/\/#newsletter$/);
    await expectHeadingVisibleBelowHeader(page, newsletterHeading(page));
    expect(site.problems).toEqual([]);
  });

  it('lands on the heading when the home page shows before its navigation has finished loading', async () => {
    const { page } = site;
    await page.goto(await firstPostUrl());
    await waitForHydration(page);
    // The home route's loader waits for the page-title builders, loaded on the first navigation:
    // held, the home page stays the route's pending view, drawn with its data, until released.
    const titleBuilders = await holdNextRequest(page, /\/assets\/pages-[\w-]{8}\.js$/);
    await page.getByRole('link', { name: 'Subscribe to Newsletter' }).tap();
    await titleBuilders.arrived;
    await newsletterHeading(page).waitFor();
    titleBuilders.release();
    await page.waitForURL(/\/#newsletter$/);
    await expectHeadingVisibleBelowHeader(page, newsletterHeading(page));
    expect(site.problems).toEqual([]);
  });
});
