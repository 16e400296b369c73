import { describe, expect, it } from 'vitest';
import { COVER_IMAGE_MESSAGE } from '../../../domain/images.js';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { useTestApp } from '../../test-support/app-context.js';
import { describeContentContract } from '../../test-support/content-contract.js';
import { bearer, createVia, expectError, getList } from '../../test-support/http.js';
import { validBook } from '../../test-support/test-app.js';

const context = useTestApp();

describeContentContract(context, {
  name: 'Book',
  url: '/api/books',
  validPayload: () => ({ ...validBook }),
  changes: { title: 'The Ember Crown (Revised)', status: 'preorder', price: '$21.00', order: 4 },
  requiredFields: {
    title: 'Title is required',
    description: 'Description is required',
    coverImage: 'Cover image is required',
    status: 'Status must be one of: published, preorder, coming-soon',
    order: 'Order must be a whole number',
  },
  textBounds: {
    title: { max: TEXT_LIMITS.title },
    description: { max: TEXT_LIMITS.description },
    price: { max: TEXT_LIMITS.price },
    coverImage: { max: TEXT_LIMITS.url, prefix: 'https://example.com/' },
  },
});

describe('/api/books rules', () => {
  const post = (payload: object) =>
    context.t.app.inject({ method: 'POST', url: '/api/books', headers: bearer(context.token), payload });

  it('lists books by order ascending (then by title)', async () => {
    for (const [title, order] of [
      ['Gamma', 30],
      ['Alpha', 10],
      ['Beta', 20],
      ['Aardvark', 20],
      ['Zero', -5],
    ] as const) {
      await createVia(context.t.app, '/api/books', context.token, { ...validBook, title, order });
    }
    const books = await getList<{ title: string; order: number }>(context.t.app, '/api/books');
    const orders = books.map((book) => book.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const mine = books.filter((book) => ['Gamma', 'Alpha', 'Beta', 'Aardvark', 'Zero'].includes(book.title));
    expect(mine.map((book) => book.title)).toEqual(['Zero', 'Alpha', 'Aardvark', 'Beta', 'Gamma']);
  });

  it.each(['/objects/cover.png', 'http://example.com/a.jpg', 'https://cdn.example.com/a.webp'])(
    'accepts the cover image %s',
    async (coverImage) => {
      const res = await post({ ...validBook, coverImage });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ coverImage });
    },
  );

  it.each([
    'cover.png',
    'objects/cover.png',
    '/uploads/cover.png',
    'ftp://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
  ])('refuses the cover image %j with the spec message, storing nothing', async (coverImage) => {
    const before = await getList(context.t.app, '/api/books');
    expectError(await post({ ...validBook, coverImage }), 400, COVER_IMAGE_MESSAGE);
    expect(await getList(context.t.app, '/api/books')).toEqual(before);
  });

  it.each([1.5, '3', true, [1], { n: 1 }])('refuses the order %j as not a whole number', async (order) => {
    expectError(await post({ ...validBook, order }), 400, 'Order must be a whole number');
  });

  it('refuses an order outside the display range', async () => {
    expectError(await post({ ...validBook, order: 10_000_000 }), 400, /Order must be between/);
  });

  it.each(['Published', 'sold-out', ''])('refuses the status %j', async (status) => {
    expectError(await post({ ...validBook, status }), 400, 'Status must be one of: published, preorder, coming-soon');
  });

  it('accepts each status', async () => {
    for (const status of ['published', 'preorder', 'coming-soon']) {
      expect((await post({ ...validBook, status })).statusCode).toBe(201);
    }
  });

  it('stores a missing or blank price as null and refuses a non-text price', async () => {
    const { price: _price, ...noPrice } = validBook;
    expect((await post(noPrice)).json()).toMatchObject({ price: null });
    expect((await post({ ...validBook, price: '   ' })).json()).toMatchObject({ price: null });
    expectError(await post({ ...validBook, price: 18.99 }), 400, 'Price must be text');
  });

  it('trims text fields', async () => {
    const res = await post({ ...validBook, title: '  Spaced Out  ', coverImage: ' /objects/x.png ' });
    expect(res.json()).toMatchObject({ title: 'Spaced Out', coverImage: '/objects/x.png' });
  });

  it('refuses an update that breaks a rule, keeping the book as it was', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validBook);
    const res = await context.t.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers: bearer(context.token),
      payload: { ...validBook, title: 'Changed', coverImage: 'not-a-url' },
    });
    expectError(res, 400, COVER_IMAGE_MESSAGE);
    expect((await context.t.app.inject({ method: 'GET', url: `/api/books/${book.id}` })).json()).toEqual(book);
  });
});
