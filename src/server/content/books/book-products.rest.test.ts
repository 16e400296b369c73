import { describe, expect, it } from 'vitest';
import { ISBN_MESSAGE, SERIES_NUMBER_REQUIRED } from '../../../domain/books.schema.js';
import { EDITION_PRICE_MESSAGE, MAX_EDITIONS } from '../../../domain/editions.js';
import { HTTPS_LINK_MESSAGE } from '../../../domain/retailers.js';
import { SLUG_LOOKS_LIKE_ID, SLUG_MESSAGE } from '../../../domain/slugs.js';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { SLUG_TAKEN } from './books-router.js';
import { useTestApp } from '../../test-support/app-context.js';
import { describeContentContract } from '../../test-support/content-contract.js';
import { bearer, createVia, expectError, getList } from '../../test-support/http.js';
import { validArtPiece, validBook } from '../../test-support/test-app.js';

const context = useTestApp();

type ListedBook = {
  id: string;
  slug: string;
  price: string | null;
  seriesId: string | null;
  seriesNumber: number | null;
  series: { id: string; name: string } | null;
  editions: { format: string; isbn: string | null; price: string | null; links: { label: string; url: string }[] }[];
  retailerLinks: { label: string; url: string }[];
};

describeContentContract(context, {
  name: 'Series',
  url: '/api/series',
  validPayload: () => ({ name: 'The Salt Books', description: 'Two novellas.', readingOrderNote: 'Any order.' }),
  changes: { name: 'The Salt Books (Omnibus)', readingOrderNote: 'Start with the first.' },
  requiredFields: { name: 'Series name is required' },
  textBounds: { name: { max: TEXT_LIMITS.title }, description: { max: TEXT_LIMITS.description } },
});

const edition = (isbn: string, price: string, format = 'hardcover') => ({
  format,
  isbn,
  price,
  pageCount: 420,
  releaseDate: '2026-10-31',
  links: [{ url: `https://bookshop.org/search?keywords=${isbn}` }],
});

describe('books as products', () => {
  const admin = () => bearer(context.token);
  const post = (payload: object) =>
    context.t.app.inject({ method: 'POST', url: '/api/books', headers: admin(), payload });
  const put = (id: string, payload: object) =>
    context.t.app.inject({ method: 'PUT', url: `/api/books/${id}`, headers: admin(), payload });
  const newSeries = (name = 'Ember Saga') =>
    createVia<{ id: string; name: string }>(context.t.app, '/api/series', context.token, { name });
  const books = () => getList<ListedBook>(context.t.app, '/api/books');

  it('keeps the documented fields and adds slug, series, editions and links; price is the lowest edition’s', async () => {
    const series = await newSeries();
    const created = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Ash & Ember: Book One',
      seriesId: series.id,
      seriesNumber: 1,
      editions: [edition('978-0-306-40615-7', '$27.99'), edition('9781917130004', '$9.99', 'ebook')],
      retailerLinks: [
        { url: 'https://www.amazon.com/dp/x' },
        { label: 'Corner Books', url: 'https://corner.example/b' },
      ],
    });
    expect(created).toMatchObject({
      ...validBook,
      title: 'Ash & Ember: Book One',
      price: '$9.99',
      slug: 'ash-ember-book-one',
      seriesId: series.id,
      seriesNumber: 1,
      series: { id: series.id, name: 'Ember Saga' },
      retailerLinks: [
        { label: 'Amazon', url: 'https://www.amazon.com/dp/x' },
        { label: 'Corner Books', url: 'https://corner.example/b' },
      ],
    });
    expect(created.editions[0]).toMatchObject({ isbn: '9780306406157', links: [{ label: 'Bookshop.org' }] });
    // The book's own page carries its series whole: a series made with only a name has empty texts.
    const onItsPage = {
      ...created,
      series: { id: series.id, name: 'Ember Saga', description: '', readingOrderNote: '' },
    };
    const bySlug = await context.t.app.inject({ method: 'GET', url: `/api/books/by-slug/${created.slug}` });
    expect(bySlug.json()).toEqual(onItsPage);
    // An old link by id finds the book too (the page redirects to the slug it carries).
    expect((await context.t.app.inject({ method: 'GET', url: `/api/books/by-slug/${created.id}` })).json()).toEqual(
      onItsPage,
    );
    expectError(
      await context.t.app.inject({ method: 'GET', url: '/api/books/by-slug/no-such-book' }),
      404,
      'Book not found',
    );
  });

  it('makes a free slug from the title when none is given, and refuses a taken one with 409', async () => {
    const first = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Twin Fires',
    });
    const second = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Twin Fires',
    });
    expect([first.slug, second.slug]).toEqual(['twin-fires', 'twin-fires-2']);
    const before = await books();
    expectError(await post({ ...validBook, slug: 'twin-fires' }), 409, SLUG_TAKEN);
    expectError(await put(second.id, { ...validBook, slug: 'twin-fires' }), 409, SLUG_TAKEN);
    expect(await books()).toEqual(before);
    // Renaming the slug works; a blank slug on update keeps the current one.
    expect((await put(second.id, { ...validBook, slug: 'twin-fires-reforged' })).json()).toMatchObject({
      slug: 'twin-fires-reforged',
    });
    expect((await put(second.id, { ...validBook, title: 'Renamed' })).json()).toMatchObject({
      slug: 'twin-fires-reforged',
    });
  });

  it('refuses a number already taken in the series, an unknown series and a number without a series', async () => {
    const series = await newSeries('Numbered');
    const one = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      seriesId: series.id,
      seriesNumber: 2.5,
    });
    expect(one.seriesNumber).toBe(2.5);
    expectError(
      await post({ ...validBook, seriesId: series.id, seriesNumber: 2.5 }),
      409,
      'Book 2.5 of this series already exists',
    );
    expect((await put(one.id, { ...validBook, seriesId: series.id, seriesNumber: 2.5 })).statusCode).toBe(200);
    expectError(
      await post({ ...validBook, seriesId: 'missing', seriesNumber: 1 }),
      400,
      'The chosen series does not exist',
    );
    expectError(await post({ ...validBook, seriesId: series.id }), 400, SERIES_NUMBER_REQUIRED);
  });

  it.each([
    ['a bad ISBN', { editions: [edition('9780306406158', '$10')] }, 400, ISBN_MESSAGE],
    ['an http:// shop link', { retailerLinks: [{ url: 'http://www.amazon.com/x' }] }, 400, HTTPS_LINK_MESSAGE],
    [
      'a javascript: link',
      { editions: [{ format: 'ebook', links: [{ url: 'javascript:alert(1)' }] }] },
      400,
      HTTPS_LINK_MESSAGE,
    ],
    ['a series number of -1', { seriesId: 'x', seriesNumber: -1 }, 400, /Series number must be greater than 0/],
    ['a text series number', { seriesId: 'x', seriesNumber: '1' }, 400, 'Series number must be a number'],
    [
      '500 editions',
      { editions: Array.from({ length: 500 }, () => ({ format: 'ebook' })) },
      400,
      `A book has at most ${MAX_EDITIONS} editions`,
    ],
    ['editions that are not a list', { editions: 'hardcover' }, 400, 'Editions must be a list'],
    ['an unknown format', { editions: [{ format: 'scroll' }] }, 400, /Edition format must be one of/],
    ['a price with three decimals', { editions: [{ format: 'ebook', price: '9.999' }] }, 400, EDITION_PRICE_MESSAGE],
    ['a price in yen', { editions: [{ format: 'ebook', price: '¥500' }] }, 400, EDITION_PRICE_MESSAGE],
    ['a page count of 0', { editions: [{ format: 'hardcover', pageCount: 0 }] }, 400, /Page count must be between/],
    ['an uppercase slug', { slug: 'The-Book' }, 400, SLUG_MESSAGE],
    ['an id-shaped slug', { slug: '0b7e4f8e-3c1a-4d2b-9f6e-1a2b3c4d5e6f' }, 400, SLUG_LOOKS_LIKE_ID],
  ])('refuses %s with a clear 4xx, storing nothing', async (_case, change, status, message) => {
    const before = await books();
    expectError(await post({ ...validBook, ...change }), status, message);
    expect(await books()).toEqual(before);
  });

  it('gives a book read by its slug its series’ description and reading-order note; the list names the series only', async () => {
    const series = await createVia<{ id: string }>(context.t.app, '/api/series', context.token, {
      name: 'The Salt Books',
      description: 'Two novellas of the drowned coast.\nThey share one lighthouse.',
      readingOrderNote: 'Read them in either order.',
    });
    const inSeries = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Salt One',
      seriesId: series.id,
      seriesNumber: 1,
    });
    const standalone = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Alone',
    });
    const bySlug = (slug: string) => context.t.app.inject({ method: 'GET', url: `/api/books/by-slug/${slug}` });
    expect((await bySlug(inSeries.slug)).json()).toMatchObject({
      id: inSeries.id,
      series: {
        id: series.id,
        name: 'The Salt Books',
        description: 'Two novellas of the drowned coast.\nThey share one lighthouse.',
        readingOrderNote: 'Read them in either order.',
      },
    });
    expect((await books()).find((book) => book.id === inSeries.id)?.series).toEqual({
      id: series.id,
      name: 'The Salt Books',
    });
    expect((await bySlug(standalone.slug)).json()).toMatchObject({ id: standalone.id, series: null });

    // An edit of the series shows on the book's page at once.
    const renamed = await context.t.app.inject({
      method: 'PUT',
      url: `/api/series/${series.id}`,
      headers: admin(),
      payload: { name: 'The Salt Books', readingOrderNote: 'Start with Salt One.' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await bySlug(inSeries.slug)).json()).toMatchObject({
      series: { description: '', readingOrderNote: 'Start with Salt One.' },
    });
  });

  it('deleting a series makes its books standalone', async () => {
    const series = await newSeries('Short-lived');
    const book = await createVia<ListedBook>(context.t.app, '/api/books', context.token, {
      ...validBook,
      seriesId: series.id,
      seriesNumber: 1,
    });
    const res = await context.t.app.inject({ method: 'DELETE', url: `/api/series/${series.id}`, headers: admin() });
    expect(res.statusCode).toBe(204);
    const after = (await books()).find((candidate) => candidate.id === book.id);
    expect(after).toMatchObject({ seriesId: null, seriesNumber: null, series: null });
  });

  it('relates art to a book: an unknown book is refused, and deleting the book leaves the art about no book', async () => {
    const book = await createVia<ListedBook>(context.t.app, '/api/books', context.token, validBook);
    const art = () => getList<{ id: string; bookId: string | null }>(context.t.app, '/api/art');
    const before = await art();
    expectError(
      await context.t.app.inject({
        method: 'POST',
        url: '/api/art',
        headers: admin(),
        payload: { ...validArtPiece, bookId: 'no-such-book' },
      }),
      400,
      'The chosen book does not exist',
    );
    expect(await art()).toEqual(before);
    const piece = await createVia<{ id: string; bookId: string | null }>(context.t.app, '/api/art', context.token, {
      ...validArtPiece,
      bookId: book.id,
    });
    expect(piece.bookId).toBe(book.id);
    const res = await context.t.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: admin() });
    expect(res.statusCode).toBe(204);
    expect((await art()).find((candidate) => candidate.id === piece.id)?.bookId).toBeNull();
  });
});
