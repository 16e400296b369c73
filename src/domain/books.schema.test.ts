import { describe, expect, it } from 'vitest';
import { bookInputSchema, ISBN_MESSAGE, SERIES_NUMBER_REQUIRED, SERIES_REQUIRED } from './books.schema.js';
import { MAX_EDITIONS, ONE_CURRENCY_MESSAGE } from './editions.js';
import { HTTPS_LINK_MESSAGE, LINK_LABEL_MESSAGE } from './retailers.js';
import { COVER_IMAGE_MESSAGE } from './images.js';

describe('bookInputSchema', () => {
  const book = {
    title: ' The Ember Crown ',
    description: 'A queen.',
    coverImage: '/objects/a.png',
    status: 'published',
    order: 2,
  };

  it('trims text and turns a missing price into null', () => {
    expect(bookInputSchema.parse(book)).toMatchObject({ ...book, title: 'The Ember Crown', price: null });
  });

  it('refuses a cover image that is neither an upload nor an http(s) URL', () => {
    const result = bookInputSchema.safeParse({ ...book, coverImage: 'ftp://example.com/a.png' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([COVER_IMAGE_MESSAGE]);
  });

  it.each([1.5, '3', null])('refuses order %j as not a whole number', (order) => {
    const result = bookInputSchema.safeParse({ ...book, order });
    expect(result.error?.issues[0]?.message).toBe('Order must be a whole number');
  });
});

describe('bookInputSchema: series, slug, editions and shop links', () => {
  const book = { title: 'T', description: 'D', coverImage: '/objects/a.png', status: 'published', order: 1 };
  const messages = (input: object) =>
    bookInputSchema.safeParse({ ...book, ...input }).error?.issues.map((issue) => issue.message) ?? [];

  it('defaults to a standalone book with no editions, links or chosen slug', () => {
    expect(bookInputSchema.parse(book)).toMatchObject({
      slug: null,
      seriesId: null,
      seriesNumber: null,
      editions: [],
      retailerLinks: [],
    });
  });

  it('needs a number with a series and a series with a number', () => {
    expect(messages({ seriesId: 's1' })).toEqual([SERIES_NUMBER_REQUIRED]);
    expect(messages({ seriesNumber: 2 })).toEqual([SERIES_REQUIRED]);
    expect(bookInputSchema.parse({ ...book, seriesId: 's1', seriesNumber: 2.5 }).seriesNumber).toBe(2.5);
  });

  it.each([-1, 0, 1000, 2.25, Number.NaN, '2'])('refuses the series number %j', (seriesNumber) => {
    expect(messages({ seriesId: 's1', seriesNumber })).not.toEqual([]);
  });

  it.each(['Upper', 'a b', 'x--y', '0b7e4f8e-3c1a-4d2b-9f6e-1a2b3c4d5e6f', 'a'.repeat(81)])(
    'refuses the slug %j',
    (slug) => expect(messages({ slug })).not.toEqual([]),
  );

  it('normalises an ISBN and refuses a wrong check digit', () => {
    const edition = { format: 'ebook', isbn: '978-0-306-40615-7' };
    expect(bookInputSchema.parse({ ...book, editions: [edition] }).editions[0]?.isbn).toBe('9780306406157');
    expect(messages({ editions: [{ ...edition, isbn: '9780306406158' }] })).toEqual([ISBN_MESSAGE]);
  });

  it('refuses two currencies, a repeated ISBN, a bad date and too many editions', () => {
    expect(
      messages({
        editions: [
          { format: 'ebook', price: '$5' },
          { format: 'hardcover', price: '£20' },
        ],
      }),
    ).toEqual([ONE_CURRENCY_MESSAGE]);
    const isbn = '9780306406157';
    expect(
      messages({
        editions: [
          { format: 'ebook', isbn },
          { format: 'hardcover', isbn },
        ],
      }),
    ).toEqual(['Each edition needs its own ISBN']);
    expect(messages({ editions: [{ format: 'ebook', releaseDate: '2026-02-30' }] })).toEqual([
      'Release date must be a date like 2026-10-31',
    ]);
    expect(messages({ editions: Array.from({ length: 500 }, () => ({ format: 'ebook' })) })).toEqual([
      `A book has at most ${MAX_EDITIONS} editions`,
    ]);
  });

  it('names known shops, needs a label for others, and allows https only', () => {
    const parsed = bookInputSchema.parse({
      ...book,
      retailerLinks: [{ url: 'https://www.kobo.com/x' }, { label: 'Local shop', url: 'https://shop.example/x' }],
    });
    expect(parsed.retailerLinks).toEqual([
      { label: 'Kobo', url: 'https://www.kobo.com/x' },
      { label: 'Local shop', url: 'https://shop.example/x' },
    ]);
    expect(messages({ retailerLinks: [{ url: 'https://shop.example/x' }] })).toEqual([LINK_LABEL_MESSAGE]);
    for (const url of ['http://www.kobo.com/x', 'javascript:alert(1)', 'kobo.com', 'https://user:pw@kobo.com/'])
      expect(messages({ retailerLinks: [{ url }] })).toEqual([HTTPS_LINK_MESSAGE]);
  });
});

describe('bookInputSchema: price', () => {
  const book = { title: 'T', description: 'D', coverImage: '/objects/a.png', status: 'published', order: 1 };

  it('is the lowest edition price when an edition has one, else the book’s own', () => {
    const editions = [
      { format: 'hardcover', price: '$27.99' },
      { format: 'ebook', price: '$9.99' },
      { format: 'audiobook' },
    ];
    expect(bookInputSchema.parse({ ...book, price: '$18.99', editions }).price).toBe('$9.99');
    expect(bookInputSchema.parse({ ...book, price: '$18.99', editions: [{ format: 'ebook' }] }).price).toBe('$18.99');
  });

  it('stores an amount typed without a symbol in the currency of the other editions, else in dollars', () => {
    const editions = [
      { format: 'hardcover', price: '29.99' },
      { format: 'ebook', price: '€9.99' },
    ];
    const parsed = bookInputSchema.parse({ ...book, editions });
    expect(parsed.editions.map((edition) => edition.price)).toEqual(['€29.99', '€9.99']);
    expect(parsed.price).toBe('€9.99');
    const alone = bookInputSchema.parse({ ...book, editions: [{ format: 'hardcover', price: '29.99' }] });
    expect(alone.editions[0]?.price).toBe('$29.99');
  });
});
