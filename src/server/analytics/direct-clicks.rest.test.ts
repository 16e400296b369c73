import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStats } from '../../domain/analytics.js';
import { directLinkPath, shopLinkPath } from '../../domain/analytics-paths.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type PublicBook = {
  id: string;
  slug: string;
  shopTag: string;
  directSales: Array<{ format: string; checkoutUrl: string }>;
};

/**
 * Buy direct goes through the site's own redirect (`/r/d<tag>.<format>`), so its clicks are counted beside the
 * shops' and the Overview shows direct and retailer clicks side by side (issue 32). The demo sells The Ashwarden's
 * ebook direct.
 */
describe('Buy direct clicks', () => {
  let t: TestApp;
  let token: string;
  let ashwarden: PublicBook;
  let other: PublicBook;
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: '1' });
    token = await openAdminSession(t.services);
    const books = (await t.app.inject({ method: 'GET', url: '/api/books' })).json() as PublicBook[];
    ashwarden = books.find((book) => book.slug === 'the-ashwarden')!;
    other = books.find((book) => book.directSales.length === 0)!;
  });
  afterAll(() => t.close());

  let visitors = 0;
  const click = (href: string) =>
    t.app.inject({
      method: 'GET',
      url: href,
      headers: { 'user-agent': READER },
      remoteAddress: `10.64.${(++visitors >> 8) & 255}.${visitors & 255}`,
    });
  const directClicks = async () =>
    (
      (
        await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: `Bearer ${token}` } })
      ).json() as SiteStats
    ).shopClicks.filter((row) => row.shop.startsWith('Buy direct'));

  it('sends each reader to the stored checkout and counts one click per visitor, in parallel', async () => {
    const href = directLinkPath(ashwarden.shopTag, 'ebook');
    const answers = await Promise.all(Array.from({ length: 25 }, () => click(href)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(ashwarden.directSales[0]!.checkoutUrl);
    }
    expect(answers[0]!.headers.location).toMatch(/plink_demo_ashwarden_ebook/);
    expect(await directClicks()).toEqual([
      { bookId: ashwarden.id, title: 'The Ashwarden', shop: 'Buy direct (Ebook)', clicks: 25 },
    ]);
  });

  it('answers 404 and counts nothing for a forged tag, a format not sold direct, or a book sold only in shops', async () => {
    const before = await directClicks();
    const forged = `/r/d${'A'.repeat(11)}.ebook`;
    const answers = await Promise.all([
      click(forged),
      click(directLinkPath(ashwarden.shopTag, 'audiobook')),
      click(directLinkPath(ashwarden.shopTag, 'hardcover')),
      click(directLinkPath(other.shopTag, 'ebook')),
      click(`/r/d${ashwarden.shopTag}.ebook.0`),
      click(`/r/d${ashwarden.shopTag}.${'e'.repeat(40)}`),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(404);
    expect(await directClicks()).toEqual(before);
    // The shops' links still work beside it.
    expect((await click(shopLinkPath(ashwarden.shopTag, 0))).statusCode).toBe(302);
  });
});
