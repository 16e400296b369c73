import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { useTestApp, type AppContext } from '../../test-support/app-context.js';
import { describeContentContract } from '../../test-support/content-contract.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../../test-support/http.js';
import { validBook, validPreorderBook, validExcerpt } from '../../test-support/test-app.js';

const context = useTestApp();

const createBook = (ctx: AppContext, title: string = validBook.title) =>
  createVia<{ id: string; title: string }>(ctx.t.app, '/api/books', ctx.token, { ...validPreorderBook, title });

describeContentContract(context, {
  name: 'Excerpt',
  url: '/api/excerpts',
  validPayload: async (ctx) => validExcerpt((await createBook(ctx)).id),
  changes: { title: 'Chapter One', spoilerLevel: 'major', readTime: '12 min read' },
  requiredFields: {
    bookId: 'Id is required',
    title: 'Title is required',
    description: 'Description is required',
    content: 'Content is required',
    readTime: 'Read time is required',
    spoilerLevel: 'Spoiler level must be one of: none, minor, major',
  },
  textBounds: {
    title: { max: TEXT_LIMITS.title },
    description: { max: TEXT_LIMITS.description },
    content: { max: TEXT_LIMITS.content },
    readTime: { max: TEXT_LIMITS.readTime },
  },
});

describe('/api/excerpts rules', () => {
  const inject = (options: InjectOptions) => context.t.app.inject(options);

  it('accepts every spoiler level and refuses others', async () => {
    const book = await createBook(context);
    for (const spoilerLevel of ['none', 'minor', 'major']) {
      await createVia(context.t.app, '/api/excerpts', context.token, { ...validExcerpt(book.id), spoilerLevel });
    }
    const res = await inject({
      method: 'POST',
      url: '/api/excerpts',
      headers: bearer(context.token),
      payload: { ...validExcerpt(book.id), spoilerLevel: 'extreme' },
    });
    expectError(res, 400, 'Spoiler level must be one of: none, minor, major');
  });

  it('refuses an excerpt for a book that does not exist, on create and on update', async () => {
    const before = await getList(context.t.app, '/api/excerpts');
    const payload = validExcerpt('no-such-book');
    expectError(
      await inject({ method: 'POST', url: '/api/excerpts', headers: bearer(context.token), payload }),
      400,
      'The chosen book does not exist',
    );
    expect(await getList(context.t.app, '/api/excerpts')).toEqual(before);

    const excerpt = await createVia<{ id: string }>(
      context.t.app,
      '/api/excerpts',
      context.token,
      validExcerpt((await createBook(context)).id),
    );
    const update = await inject({
      method: 'PUT',
      url: `/api/excerpts/${excerpt.id}`,
      headers: bearer(context.token),
      payload,
    });
    expectError(update, 400, 'The chosen book does not exist');
    expect((await inject({ method: 'GET', url: `/api/excerpts/${excerpt.id}` })).json()).toEqual(excerpt);
  });

  it('can move an excerpt to another book', async () => {
    const [first, second] = [await createBook(context, 'First'), await createBook(context, 'Second')];
    const excerpt = await createVia<{ id: string }>(
      context.t.app,
      '/api/excerpts',
      context.token,
      validExcerpt(first.id),
    );
    const res = await inject({
      method: 'PUT',
      url: `/api/excerpts/${excerpt.id}`,
      headers: bearer(context.token),
      payload: validExcerpt(second.id),
    });
    expect(res.json()).toMatchObject({ id: excerpt.id, bookId: second.id });
  });

  it('deleting a book deletes its excerpts but keeps its preorders, with the stored book title', async () => {
    const book = await createBook(context, 'Doomed Volume');
    const kept = await createBook(context, 'Surviving Volume');
    const doomed = await createVia<{ id: string }>(
      context.t.app,
      '/api/excerpts',
      context.token,
      validExcerpt(book.id),
    );
    const survivor = await createVia<{ id: string }>(
      context.t.app,
      '/api/excerpts',
      context.token,
      validExcerpt(kept.id),
    );
    const preorder = await inject({
      method: 'POST',
      url: '/api/preorders',
      payload: { bookId: book.id, customerName: 'Ada', customerEmail: 'ada@example.com', preferredFormat: 'ebook' },
    });
    expect(preorder.statusCode).toBe(201);

    expect(
      (await inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: bearer(context.token) })).statusCode,
    ).toBe(204);

    const excerptIds = (await getList<{ id: string }>(context.t.app, '/api/excerpts')).map((e) => e.id);
    expect(excerptIds).not.toContain(doomed.id);
    expect(excerptIds).toContain(survivor.id);
    expectError(await inject({ method: 'GET', url: `/api/excerpts/${doomed.id}` }), 404, 'Excerpt not found');
    const stored = await context.t.services.db
      .selectFrom('excerpts')
      .select('id')
      .where('bookId', '=', book.id)
      .execute();
    expect(stored).toEqual([]);

    const preorders = await getList<{ id: string; bookId: string; bookTitle: string }>(
      context.t.app,
      '/api/admin/preorders',
      context.token,
    );
    expect(preorders.find((p) => p.id === preorder.json<{ id: string }>().id)).toMatchObject({
      bookId: book.id,
      bookTitle: 'Doomed Volume',
    });
  });

  it("lists excerpts in their books' display order", async () => {
    const late = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Late',
      order: 900,
    });
    const early = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Early',
      order: -900,
    });
    await createVia(context.t.app, '/api/excerpts', context.token, validExcerpt(late.id));
    await createVia(context.t.app, '/api/excerpts', context.token, validExcerpt(early.id));
    const bookIds = (await getList<{ bookId: string }>(context.t.app, '/api/excerpts')).map((e) => e.bookId);
    expect(bookIds[0]).toBe(early.id);
    expect(bookIds.at(-1)).toBe(late.id);
  });
});

describe('/api/excerpts reading order', () => {
  const inject = (options: InjectOptions) => context.t.app.inject(options);
  const move = (id: string, payload: unknown, key: string | null = context.token) =>
    inject({
      method: 'POST',
      url: `/api/excerpts/${id}/move`,
      headers: key ? bearer(key) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  type Listed = { id: string; bookId: string; title: string; position: number };

  it('keeps the documented fields and adds position; POST /api/excerpts/:id/move answers the book’s new order', async () => {
    const book = await createBook(context, 'Ordered');
    const first = await createVia<Listed>(context.t.app, '/api/excerpts', context.token, {
      ...validExcerpt(book.id),
      title: 'Opening',
    });
    const second = await createVia<Listed>(context.t.app, '/api/excerpts', context.token, {
      ...validExcerpt(book.id),
      title: 'Aftermath',
    });
    expect(Object.keys(first).sort()).toEqual(
      [
        'id',
        'bookId',
        'title',
        'description',
        'content',
        'readTime',
        'spoilerLevel',
        'position',
        'slug',
        'contentFormat',
        'contentHtml',
        'preview',
      ].sort(),
    );
    expect([first.position, second.position]).toEqual([1, 2]);

    const res = await move(second.id, { direction: 'up' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Listed[]>().map((excerpt) => [excerpt.title, excerpt.position])).toEqual([
      ['Aftermath', 1],
      ['Opening', 2],
    ]);
    const listed = (await getList<Listed>(context.t.app, '/api/excerpts')).filter((e) => e.bookId === book.id);
    expect(listed.map((excerpt) => excerpt.title)).toEqual(['Aftermath', 'Opening']);
    // A position sent with the excerpt is not how order is set: it is ignored, the place kept.
    const put = await inject({
      method: 'PUT',
      url: `/api/excerpts/${first.id}`,
      headers: bearer(context.token),
      payload: { ...validExcerpt(book.id), title: 'Opening', position: 1 },
    });
    expect(put.json<Listed>().position).toBe(2);
  });

  it.each([
    ['no body', undefined, 400, 'Direction must be one of: up, down'],
    ['a text body', 'up', 415, 'Unsupported content type: send JSON'],
    ['a number', { direction: 1 }, 400, 'Direction must be one of: up, down'],
    ['an unknown direction', { direction: 'left' }, 400, 'Direction must be one of: up, down'],
    ['a direction list', { direction: ['up', 'up'] }, 400, 'Direction must be one of: up, down'],
  ])('refuses %s with a clear 4xx, changing nothing', async (_case, payload, status, message) => {
    const book = await createBook(context);
    await createVia(context.t.app, '/api/excerpts', context.token, validExcerpt(book.id));
    const excerpt = await createVia<Listed>(context.t.app, '/api/excerpts', context.token, validExcerpt(book.id));
    const before = await getList(context.t.app, '/api/excerpts');
    expectError(await move(excerpt.id, payload), status, message);
    expect(await getList(context.t.app, '/api/excerpts')).toEqual(before);
  });

  it('answers 401 without a key, 404 for an unknown excerpt and 400 past the end', async () => {
    const book = await createBook(context);
    const only = await createVia<Listed>(context.t.app, '/api/excerpts', context.token, {
      ...validExcerpt(book.id),
      title: 'Alone',
    });
    expectError(await move(only.id, { direction: 'down' }, null), 401);
    expectError(await move('no-such-excerpt', { direction: 'down' }), 404, 'Excerpt not found');
    expectError(await move(only.id, { direction: 'down' }), 400, '“Alone” is already the last excerpt of its book');
  });
});
