import { createRouter, type AnyRoute } from '@tanstack/react-router';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../client/admin/dashboard/admin-tabs.js';
import { routeTree, type RouterContext } from '../../client/router.js';
import { VIEWPORTS, waitForHydration, type Viewport } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { importShapeFixtures, LONG_TITLE, SITE_TITLE, writeLongContent, type LongContent } from './long-content.js';

/**
 * Issue 33: no page is ever wider than the screen. Every page the router knows (public pages, the 404
 * screen, each admin tab, and the editor's preview) at each width, on a site whose content is as wide as an
 * author's can be (long-content.ts), fails when the document scrolls sideways. Two test files, which run side by
 * side: the desktop, and the phones (page-width-*.test.ts). A phone's pages load once at 375 px and are measured
 * again at 320 px, as a phone turned or a narrower one shows them: a page's second load cost as much as its first
 * (about 25 s of a browser run for the 320 px file of its own).
 */

/** The router's pages: its leaf routes, by full path (a new page joins this test on its own). */
function routerPages(): string[] {
  // Only its route list is read: no loader runs, so no context is needed.
  const router = createRouter({ routeTree, context: {} as RouterContext });
  const hasChildren = (route: AnyRoute) => Object.keys((route.children as object | undefined) ?? {}).length > 0;
  return [
    ...new Set(
      Object.values(router.routesById as Record<string, AnyRoute>)
        .filter((route) => !hasChildren(route))
        .map((route) => route.fullPath as string),
    ),
  ];
}

const ADMIN_PATH = '/admin';
const PAGES = routerPages();
const PUBLIC_PAGES = PAGES.filter((path) => path !== ADMIN_PATH);
/** Phones show the burger; the desktop navigation starts at 768 px (layout.module.css). */
const PHONE_MAX_WIDTH = 767;

/** A page's address with the long content's names in its parameters (and a query that finds it). */
function addressOf(routePath: string, content: LongContent): string {
  // The author's pages answer any address the other routes leave (the splat route, `/$`).
  if (routePath === '/$') return content.pagePath;
  const params: Record<string, string> = {
    '/books/$slug': content.bookSlug,
    '/excerpts/$slug': content.excerptSlug,
    '/blog/$slug': content.postSlug,
    '/blog/tag/$tag': content.tagSlug,
    '/blog/preview/$id': content.draftId,
    '/newsletter/archive/$id': content.issueId,
  };
  const query: Record<string, string> = { '/search': '?q=heralds' };
  if (routePath.includes('$') && !(routePath in params))
    throw new Error(`No long content for the parameters of ${routePath}: name its item in page-width.ts`);
  return (
    (params[routePath] ? routePath.replace(/\$[A-Za-z]+/, encodeURIComponent(params[routePath])) : routePath) +
    (query[routePath] ?? '')
  );
}

type Width = { scrollWidth: number; clientWidth: number; widest: string[] };

/** The document's width against the viewport's, and the outermost elements sticking out (for the message). */
async function measure(page: Page): Promise<Width> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const sticksOut = (element: Element | null) => !!element && element.getBoundingClientRect().right > width + 0.5;
    const widest = Array.from(document.querySelectorAll('body *'))
      .filter((element) => sticksOut(element) && !sticksOut(element.parentElement))
      .map((element) => {
        const name = `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').split(' ')[0]}`;
        return `${name} to ${Math.round(element.getBoundingClientRect().right)} px`;
      });
    return { scrollWidth: root.scrollWidth, clientWidth: width, widest: widest.slice(0, 6) };
  });
}

async function expectFits(page: Page, what: string): Promise<void> {
  const width = await measure(page);
  const where = `${what} at ${width.clientWidth} px`;
  expect(width.scrollWidth, `${where} is ${width.scrollWidth} px wide: ${width.widest.join('; ')}`).toBeLessThanOrEqual(
    width.clientWidth,
  );
}

/** The page re-laid out at another width: React's answers to the media queries (menus, lists) rendered too. */
async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The checks at each width in `viewports`, on a site of their own: each page loads at the first, then is measured
 * at the others. Desktop and phone widths differ in more than width (touch, the mobile viewport), so one call
 * takes either the desktop or phones.
 */
export function describeEveryPageFits(viewports: readonly [Viewport, ...Viewport[]]): void {
  const [viewport] = viewports;
  /** Each width in turn, the checks `atWidth` makes at it; the page back at the first width after. */
  async function atEveryWidth(page: Page, atWidth: (screenWidth: number) => Promise<void>): Promise<void> {
    for (const each of viewports) {
      if (each !== viewport) await resize(page, each);
      await atWidth(VIEWPORTS[each].width);
    }
    if (viewports.length > 1) await resize(page, viewport);
  }

  describe(`every page fits a ${viewports.join(' and ')} screen, whatever the content`, () => {
    const site = useBrowserSite();
    let content: LongContent;

    beforeAll(async () => {
      content = await writeLongContent(site);
    });

    it('walks every page of the router: its public pages and the admin area', () => {
      expect(PUBLIC_PAGES).toEqual(
        expect.arrayContaining(['/', '/books/$slug', '/blog/$slug', '/newsletter/archive/$id']),
      );
      expect(PAGES).toContain(ADMIN_PATH);
    });

    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await site.newContext({ viewport });
      // Signed in: the admin tabs, and the draft's preview (the cookie the admin area would set).
      await context.addInitScript((token) => localStorage.setItem('adminKey', token), content.token);
      const origin = new URL(site.baseUrl);
      await context.addCookies([
        { name: 'adminPreview', value: content.token, domain: origin.hostname, path: '/blog/preview/' },
      ]);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context.close();
    });

    for (const routePath of [...PUBLIC_PAGES, '/no/such/page']) {
      it(`${routePath}: no sideways scroll; the menu button is on screen`, async () => {
        await page.goto(site.baseUrl + addressOf(routePath, content));
        await waitForHydration(page);
        await page.getByRole('link', { name: SITE_TITLE }).first().waitFor();
        await atEveryWidth(page, async (screenWidth) => {
          await expectFits(page, routePath);
          if (screenWidth <= PHONE_MAX_WIDTH) {
            const box = await page.getByRole('button', { name: 'Open menu' }).boundingBox();
            expect(box, `the menu button is shown at ${screenWidth} px`).not.toBeNull();
            expect(box!.x + box!.width).toBeLessThanOrEqual(screenWidth);
            expect(box!.x).toBeGreaterThanOrEqual(0);
          }
        });
      });
    }

    for (const tab of ADMIN_TABS) {
      it(`${ADMIN_PATH}?tab=${tab.id}: no sideways scroll`, async () => {
        await page.goto(`${site.baseUrl}${ADMIN_PATH}?tab=${tab.id}`);
        await page.getByRole('tab', { name: tab.label, exact: true, selected: true }).waitFor();
        await page.getByRole('tabpanel', { name: tab.label }).waitFor();
        // Its lists loaded (a check that waits on the network, like the sender check's DNS, may keep its loader).
        await page.waitForFunction(() => !document.querySelector('.mantine-Skeleton-root[data-visible]'));
        await page.getByText('Loading', { exact: false }).first().waitFor({ state: 'hidden' });
        await atEveryWidth(page, () => expectFits(page, `the ${tab.label} tab`));
      });
    }

    it('every admin section can be reached: all tabs on screen, or on a phone the "Go to section" menu', async () => {
      await page.goto(`${site.baseUrl}${ADMIN_PATH}`);
      await page.getByRole('tab', { name: 'Overview', selected: true }).waitFor();
      const screenWidth = page.viewportSize()!.width;
      if (screenWidth <= PHONE_MAX_WIDTH) {
        const menu = page.getByRole('combobox', { name: 'Go to section' });
        expect(await menu.locator('option').allTextContents()).toEqual(ADMIN_TABS.map((tab) => tab.label));
        await menu.selectOption({ label: 'Settings' });
        await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
        expect(page.url()).toContain('tab=settings');
        await atEveryWidth(page, () => expectFits(page, 'the admin after the menu'));
      } else {
        for (const tab of ADMIN_TABS) {
          const box = (await page.getByRole('tab', { name: tab.label, exact: true }).boundingBox())!;
          expect(box.x + box.width, `the ${tab.label} tab is on screen`).toBeLessThanOrEqual(screenWidth);
        }
      }
    });

    it('an imported post with every structure (issue 31): tables, embed cards, lists, code, footnotes', async () => {
      await page.goto(`${site.baseUrl}/blog/${content.importedSlug}`);
      await waitForHydration(page);
      await page.getByRole('heading', { level: 1, name: 'Markup: Title With Markup & Structure' }).waitFor();
      expect(await page.title()).toContain('Markup: Title With Markup & Structure');
      expect(await page.locator('.embed-card').count()).toBe(9);
      expect(await page.locator('iframe').count()).toBe(0);
      await page.locator('dl').waitFor();
      await atEveryWidth(page, () => expectFits(page, 'the imported post'));
    });

    if (viewport === 'mobile')
      it('every imported post, page and tag page fits a phone (WordPress nested pages, taxonomy, comments; Ghost pages)', async () => {
        const addresses = async () => {
          const answer = await Promise.all(
            ['/api/blog', '/api/pages', '/api/blog/tags'].map(async (url) => (await fetch(site.baseUrl + url)).json()),
          );
          const [posts, pages, tags] = answer as [
            Array<{ slug: string }>,
            Array<{ path: string }>,
            Array<{ slug: string }>,
          ];
          return new Set([
            ...posts.map((post) => `/blog/${post.slug}`),
            ...pages.map((item) => item.path),
            ...tags.map((tag) => `/blog/tag/${tag.slug}`),
          ]);
        };
        const before = await addresses();
        await importShapeFixtures(site, content.token);
        const imported = [...(await addresses())].filter((address) => !before.has(address));
        // The fixtures' nested WordPress pages, their posts and tags, and Ghost's pages all arrived.
        expect(imported).toEqual(expect.arrayContaining(['/level-1/level-2/level-3', '/blog/tag/8bit']));
        expect(imported.length).toBeGreaterThan(12);
        for (const address of imported) {
          const response = await page.goto(site.baseUrl + address);
          expect(response?.status(), address).toBe(200);
          await atEveryWidth(page, () => expectFits(page, `the imported ${address}`));
        }
      });

    it("the editor's preview of a long code line, table and address", async () => {
      await page.goto(`${site.baseUrl}${ADMIN_PATH}?tab=blog`);
      await page.getByRole('button', { name: `Edit ${LONG_TITLE}`, exact: true }).click();
      await page.getByRole('tab', { name: 'Preview' }).click();
      await page.getByRole('tabpanel', { name: 'Preview' }).locator('pre').waitFor();
      await atEveryWidth(page, () => expectFits(page, "the editor's preview"));
    });
  });
}
