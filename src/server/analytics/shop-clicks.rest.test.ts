import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStats } from '../../domain/analytics.js';
import { shopLinkPath } from '../../domain/analytics-paths.js';
import { openAdminSession } from '../test-support/sessions.js';
import { LIMITS } from '../site/rate-limit/request-limits.js';
import { createTestApp, validBook, type TestApp } from '../test-support/test-app.js';

const READER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const AMAZON = 'https://www.amazon.com/dp/B0EXAMPLE?tag=author-20';
const CORNER = 'https://corner.example/books/ash';
const EBOOK_SHOP = 'https://www.kobo.com/ebook/ash';

type PublicBook = { id: string; slug: string; shopTag: string };

/** Buy-menu shop links: /r/ addresses from the book's signed tag; each click counted per book and shop. */
describe('Buy-menu shop clicks', () => {
  let t: TestApp;
  let token: string;
  let book: PublicBook;
  let other: PublicBook;
  beforeAll(async () => {
    t = await createTestApp();
    token = await openAdminSession(t.services);
    const admin = t.callerWithKey(token);
    await admin.books.create({
      ...validBook,
      title: 'Ash',
      retailerLinks: [{ url: AMAZON }, { label: 'Corner Books', url: CORNER }],
      editions: [{ format: 'ebook', isbn: null, price: null, links: [{ url: EBOOK_SHOP }] }],
    });
    await admin.books.create({ ...validBook, title: 'Ember', retailerLinks: [{ url: AMAZON }] });
    const books = (await t.app.inject({ method: 'GET', url: '/api/books' })).json() as PublicBook[];
    book = books.find((entry) => entry.slug === 'ash')!;
    other = books.find((entry) => entry.slug === 'ember')!;
  });
  afterAll(() => t.close());

  let visitors = 0;
  /** A click from a visitor of its own (a new address) unless one is named. */
  const click = (href: string, userAgent = READER, address = `10.63.${(++visitors >> 8) & 255}.${visitors & 255}`) =>
    t.app.inject({ method: 'GET', url: href, headers: { 'user-agent': userAgent }, remoteAddress: address });
  const stats = async (): Promise<SiteStats> =>
    (
      await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: { authorization: `Bearer ${token}` } })
    ).json();

  it('serves each book with a short signed tag, different per book', () => {
    expect(book.shopTag).toMatch(/^[\w-]{11}$/);
    expect(other.shopTag).toMatch(/^[\w-]{11}$/);
    expect(book.shopTag).not.toBe(other.shopTag);
  });

  it('answers 302 to the stored address exactly and counts one click per visitor, per book and shop', async () => {
    const [amazon, corner, ebook] = [0, 1, 2].map((n) => shopLinkPath(book.shopTag, n)) as [string, string, string];
    const answers = await Promise.all([
      ...Array.from({ length: 30 }, () => click(amazon)),
      ...Array.from({ length: 5 }, () => click(corner)),
      click(ebook),
      click(shopLinkPath(other.shopTag, 0)),
      click(amazon, GOOGLEBOT), // redirected, not counted
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(302);
    expect(answers[0]!.headers.location).toBe(AMAZON);
    expect(answers[30]!.headers.location).toBe(CORNER);
    expect(answers[35]!.headers.location).toBe(EBOOK_SHOP);
    expect(answers[36]!.headers.location).toBe(AMAZON);
    expect(answers[0]!.headers['set-cookie']).toBeUndefined();
    expect((await stats()).shopClicks).toEqual([
      { bookId: book.id, title: 'Ash', shop: 'Amazon', clicks: 30 },
      { bookId: book.id, title: 'Ash', shop: 'Corner Books', clicks: 5 },
      { bookId: book.id, title: 'Ash', shop: 'Kobo', clicks: 1 },
      { bookId: other.id, title: 'Ember', shop: 'Amazon', clicks: 1 },
    ]);
  });

  it('counts 1,000 clicks of one visitor (address and browser) on one shop as one, sent in parallel batches', async () => {
    const before = (await stats()).shopClicks;
    const corner = shopLinkPath(other.shopTag, 0);
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => click(corner, READER, '10.64.0.1')));
      for (const answer of answers) expect(answer.statusCode).toBe(302);
    }
    // The same visitor's click on another shop, and another visitor's on this one, each count.
    await click(shopLinkPath(book.shopTag, 1), READER, '10.64.0.1');
    await click(corner, READER, '10.64.0.2');
    const clicksOf = (list: SiteStats['shopClicks'], bookId: string, shop: string) =>
      list.find((row) => row.bookId === bookId && row.shop === shop)?.clicks ?? 0;
    const after = (await stats()).shopClicks;
    expect(clicksOf(after, other.id, 'Amazon') - clicksOf(before, other.id, 'Amazon')).toBe(2);
    expect(clicksOf(after, book.id, 'Corner Books') - clicksOf(before, book.id, 'Corner Books')).toBe(1);
  });

  it('refuses tampered, foreign and unknown tokens with a 404 and no Location, counting nothing', async () => {
    const before = (await stats()).shopClicks;
    const tag = book.shopTag;
    const flipped = tag.slice(0, -1) + (tag.endsWith('A') ? 'B' : 'A');
    const bad = [
      shopLinkPath(flipped, 0),
      shopLinkPath(tag, 3), // Ash has three links
      shopLinkPath(other.shopTag, 1), // Ember has one
      shopLinkPath(tag.slice(1), 0),
      `/r/s${tag}`,
      `/r/s${tag}.-1`,
      `/r/s${tag}.0.0`,
      `/r/${tag}.0`,
      '/r/not-a-token',
      '/r/%00',
    ];
    const answers = await Promise.all(bad.map((url) => click(url)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.headers.location).toBeUndefined();
    }
    const tooLong = await click(`/r/${'a'.repeat(5000)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.headers.location).toBeUndefined();
    expect((await stats()).shopClicks).toEqual(before);
  });

  it('follows the links the book stores now: a removed link is gone, the next takes its place', async () => {
    const gone = shopLinkPath(book.shopTag, 2); // three links before, two after
    const admin = t.callerWithKey(token);
    const stored = await admin.books.byId({ id: book.id });
    await admin.books.update({
      id: book.id,
      data: { ...validBook, title: 'Ash', slug: 'ash', retailerLinks: [{ url: AMAZON }], editions: stored.editions },
    });
    const answer = await click(gone);
    expect(answer.statusCode).toBe(404);
    expect(answer.headers.location).toBeUndefined();
    expect((await click(shopLinkPath(book.shopTag, 0))).headers.location).toBe(AMAZON);
    expect((await click(shopLinkPath(book.shopTag, 1))).headers.location).toBe(EBOOK_SHOP);
  });
});

describe('/r/ under a flood (RATE_LIMITS=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => t.close());

  it(`holds one address to ${LIMITS.tracking.limit} tracked-link requests a minute; other addresses are unaffected`, async () => {
    const href = '/r/not-a-token';
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => t.app.inject({ method: 'GET', url: href, remoteAddress: '10.65.0.1' })),
    );
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(LIMITS.tracking.limit);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(200 - LIMITS.tracking.limit);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]!.headers.location).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: href, remoteAddress: '10.65.0.2' })).statusCode).toBe(404);
  });
});
