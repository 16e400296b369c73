import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectNoHorizontalOverflow, firstId, openPage } from './helpers.js';

/**
 * Every public route at 1280 px and 375 px: the spec's texts are there, nothing overflows
 * sideways, and the console stays clean (hydration included).
 */
type RouteCheck = { name: string; path: () => string; check: (page: Page) => Promise<void>; status?: number };

const heading = (page: Page, name: string | RegExp, level = 1) => page.getByRole('heading', { level, name }).first().waitFor();
const text = (page: Page, value: string) => page.getByText(value, { exact: true }).first().waitFor();

describe('public pages', () => {
  const site = useBrowserSite({ readOnly: true });
  let excerptId = '';
  let postId = '';

  beforeAll(async () => {
    [excerptId, postId] = await Promise.all([firstId(site.baseUrl, 'excerpts.list'), firstId(site.baseUrl, 'blog.list')]);
  });

  const routes: RouteCheck[] = [
    {
      name: 'home',
      path: () => '/',
      check: async (page) => {
        await heading(page, /throne awaits/i);
        await page.getByRole('link', { name: 'Read an Excerpt' }).waitFor();
        await heading(page, 'Latest Release', 2);
        await heading(page, 'A Lantern for the Drowned', 3);
        await heading(page, 'Latest Announcements', 2);
        expect(await page.locator('[aria-labelledby="announcements-title"] li').count()).toBe(3);
        await heading(page, 'Featured Excerpt', 3);
        await heading(page, 'Art & Music Gallery', 3);
        expect(await page.locator('blockquote').count()).toBe(3);
        await page.locator('#newsletter').getByText(/one writ monthly/i).waitFor();
        expect(await page.locator('#newsletter input[type="email"]').getAttribute('required')).not.toBeNull();
      },
    },
    {
      name: 'books',
      path: () => '/books',
      check: async (page) => {
        await heading(page, 'The Books');
        expect(await page.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
          expect.arrayContaining(['The Ashwarden', 'The Tallow King', 'A Lantern for the Drowned', 'The Unkindled Throne']),
        );
        await page.getByText(/publication order/).waitFor();
      },
    },
    {
      name: 'excerpts',
      path: () => '/excerpts',
      check: async (page) => {
        await heading(page, 'Excerpts');
        await text(page, 'Want Early Access?');
        await page.getByRole('button', { name: 'Subscribe for First-Reads' }).waitFor();
      },
    },
    {
      name: 'excerpt detail',
      // By its id: the page moves to its slug.
      path: () => `/excerpts/${excerptId}`,
      check: async (page) => {
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('link', { name: 'More Excerpts' }).waitFor();
        await page.getByRole('link', { name: 'View All Books' }).waitFor();
        await page.getByRole('link', { name: 'Back to Excerpts' }).waitFor();
        expect(await page.locator('article p').count()).toBeGreaterThan(3);
      },
    },
    {
      name: 'art & music',
      path: () => '/art-music',
      check: async (page) => {
        await heading(page, 'Art & Music');
        expect(await page.getByRole('tab', { name: 'Art Gallery' }).getAttribute('aria-selected')).toBe('true');
        expect(await page.locator('figure img').count()).toBe(8);
      },
    },
    {
      name: 'blog',
      path: () => '/blog',
      check: async (page) => {
        await heading(page, 'Blog & News');
        for (const label of ['All Posts', 'Announcements', 'Behind-the-Scenes', 'Soundtracks']) {
          await page.getByRole('button', { name: label, exact: true }).waitFor();
        }
        expect(await page.getByRole('link', { name: /^Read / }).count()).toBe(7);
      },
    },
    {
      name: 'blog post',
      path: () => `/blog/${postId}`,
      check: async (page) => {
        await heading(page, 'Preorders are open for A Lantern for the Drowned');
        await page.getByRole('link', { name: 'More Posts' }).waitFor();
        expect(await page.getByRole('link', { name: 'Subscribe to Newsletter' }).getAttribute('href')).toBe('/#newsletter');
        await page.locator('time').getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
      },
    },
    {
      name: 'about',
      path: () => '/about',
      check: async (page) => {
        await heading(page, 'Delphine Rook');
        expect(await page.locator('img[src="/demo/author-portrait.svg"]').getAttribute('alt')).toBeTruthy();
        expect(await page.getByRole('link', { name: 'Contact / Press' }).getAttribute('href')).toBe('/contact');
      },
    },
    {
      name: 'contact',
      path: () => '/contact',
      check: async (page) => {
        await heading(page, 'Contact & Subscribe');
        await page.getByRole('button', { name: 'Send Message' }).waitFor();
        expect(await page.getByLabel(/^Message/).getAttribute('rows')).toBe('5');
        await page.getByText(/1–2 emails per month/).waitFor();
      },
    },
    {
      name: 'preorder',
      path: () => '/preorder',
      check: async (page) => {
        await heading(page, 'Preorder');
        await page.getByLabel(/^Book/).waitFor();
        await page.getByLabel(/^Preferred format/).waitFor();
      },
    },
    {
      name: 'unknown path',
      path: () => '/no/such/page',
      status: 404,
      check: async (page) => {
        await heading(page, '404 Page Not Found');
        expect(await page.title()).toContain('404 Page Not Found');
      },
    },
    {
      name: 'unknown excerpt',
      path: () => '/excerpts/no-such-excerpt',
      check: async (page) => {
        await heading(page, 'Excerpt Not Found');
        await text(page, "The excerpt you're looking for doesn't exist or has been removed.");
        expect(await page.getByRole('link', { name: 'Back to Excerpts' }).getAttribute('href')).toBe('/excerpts');
      },
    },
    {
      name: 'unknown blog post',
      path: () => '/blog/no-such-post',
      check: async (page) => {
        await heading(page, 'Blog Post Not Found');
        await text(page, "The blog post you're looking for doesn't exist or has been removed.");
        expect(await page.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
      },
    },
  ];

  for (const viewport of ['desktop', 'mobile'] as const) {
    describe(viewport, () => {
      let context: BrowserContext;
      beforeAll(async () => {
        context = await site.newContext({ viewport });
      });

      for (const route of routes) {
        it(`${route.name} renders its content without overflow or console problems`, async () => {
          const { page, response, problems } = await openPage(context, site.baseUrl, route.path());
          if (route.status) expect(response?.status()).toBe(route.status);
          await route.check(page);
          await expectNoHorizontalOverflow(page);
          expect(problems()).toEqual([]);
          await page.close();
        });
      }
    });
  }
});
