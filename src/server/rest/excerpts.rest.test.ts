import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../domain/limits.js';
import { useTestApp, type AppContext } from '../test-support/app-context.js';
import { describeContentContract } from '../test-support/content-contract.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../test-support/http.js';
import { validBook, validExcerpt } from '../test-support/test-app.js';

const context = useTestApp();

const createBook = (ctx: AppContext, title: string = validBook.title) =>
  createVia<{ id: string; title: string }>(ctx.t.app, '/api/books', ctx.token, { ...validBook, title });

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
