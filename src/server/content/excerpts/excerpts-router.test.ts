import { describe, expect, it } from 'vitest';
import { describeContentRouter } from '../../test-support/content-router-contract.js';
import { validBook, validExcerpt } from '../../test-support/test-app.js';
import { expectTRPCError, useCallers, type CallerContext } from '../../test-support/trpc.js';

const context = useCallers();
const newBookId = async (ctx: CallerContext) => (await ctx.admin.books.create({ ...validBook })).id;

describeContentRouter(context, {
  name: 'Excerpt',
  pick: (caller) => caller.excerpts,
  validInput: async (ctx) => validExcerpt(await newBookId(ctx)),
  changes: { title: 'Epilogue', spoilerLevel: 'major' },
  invalid: [
    [{ bookId: '' }, 'Id is required'],
    [{ bookId: 'no-such-book' }, 'The chosen book does not exist'],
    [{ content: '   ' }, 'Content is required'],
    [{ readTime: undefined }, 'Read time is required'],
    [{ spoilerLevel: 'total' }, 'Spoiler level must be one of: none, minor, major'],
  ],
});

describe('excerpts router rules', () => {
  it('drops a book’s excerpts with the book', async () => {
    const bookId = await newBookId(context);
    const excerpt = await context.admin.excerpts.create(validExcerpt(bookId));
    await context.admin.books.delete({ id: bookId });
    await expectTRPCError(context.visitor.excerpts.byId({ id: excerpt.id }), 'NOT_FOUND', 'Excerpt not found');
    expect((await context.visitor.excerpts.list()).map((e) => e.bookId)).not.toContain(bookId);
  });

  it('answers each excerpt’s preview, its plain words from the renderer, on create, update and list', async () => {
    const bookId = await newBookId(context);
    const content = '# The Bells\n\n**Ash** and [fire](/books)![map](/objects/map.png)[^1]\n\n[^1]: A note.';
    const created = await context.admin.excerpts.create({ ...validExcerpt(bookId), content });
    expect(created.preview).toBe('The Bells\nAsh and fire\nA note.');
    const updated = await context.admin.excerpts.update({
      id: created.id,
      data: { ...validExcerpt(bookId), content: '_Salt_' },
    });
    expect(updated.preview).toBe('Salt');
    expect((await context.visitor.excerpts.list()).find((e) => e.id === created.id)?.preview).toBe('Salt');
  });
});

describe('excerpts in reading order', () => {
  const titled = (bookId: string, title: string) => ({ ...validExcerpt(bookId), title });
  const orderOf = async (bookId: string) =>
    (await context.visitor.excerpts.list())
      .filter((excerpt) => excerpt.bookId === bookId)
      .map((excerpt) => [excerpt.title, excerpt.position]);

  it('numbers new excerpts 1, 2, 3 within their book and lists them by that order, not by title', async () => {
    const [one, two] = [await newBookId(context), await newBookId(context)];
    for (const title of ['Zeal', 'Ash', 'Mourning']) await context.admin.excerpts.create(titled(one, title));
    await context.admin.excerpts.create(titled(two, 'Other'));
    expect(await orderOf(one)).toEqual([
      ['Zeal', 1],
      ['Ash', 2],
      ['Mourning', 3],
    ]);
    expect(await orderOf(two)).toEqual([['Other', 1]]);
  });

  it('moves an excerpt one place up or down and answers the book’s new order', async () => {
    const bookId = await newBookId(context);
    const [a, b, c] = [
      await context.admin.excerpts.create(titled(bookId, 'A')),
      await context.admin.excerpts.create(titled(bookId, 'B')),
      await context.admin.excerpts.create(titled(bookId, 'C')),
    ];
    const moved = await context.admin.excerpts.move({ id: c.id, direction: 'up' });
    expect(moved.map((excerpt) => [excerpt.title, excerpt.position])).toEqual([
      ['A', 1],
      ['C', 2],
      ['B', 3],
    ]);
    await context.admin.excerpts.move({ id: a.id, direction: 'down' });
    expect(await orderOf(bookId)).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    // The public byId read carries the position too.
    expect((await context.visitor.excerpts.byId({ id: b.id })).position).toBe(3);
  });

  it('refuses moves past either end, unknown excerpts, bad directions and visitors, changing nothing', async () => {
    const bookId = await newBookId(context);
    const first = await context.admin.excerpts.create(titled(bookId, 'First'));
    const last = await context.admin.excerpts.create(titled(bookId, 'Last'));
    const before = await context.visitor.excerpts.list();
    await expectTRPCError(
      context.admin.excerpts.move({ id: first.id, direction: 'up' }),
      'BAD_REQUEST',
      '“First” is already the first excerpt of its book',
    );
    await expectTRPCError(
      context.admin.excerpts.move({ id: last.id, direction: 'down' }),
      'BAD_REQUEST',
      '“Last” is already the last excerpt of its book',
    );
    await expectTRPCError(
      context.admin.excerpts.move({ id: '00000000-0000-4000-8000-000000000000', direction: 'up' }),
      'NOT_FOUND',
      'Excerpt not found',
    );
    await expectTRPCError(
      context.admin.excerpts.move({ id: last.id, direction: 'sideways' as 'up' }),
      'BAD_REQUEST',
      'Direction must be one of: up, down',
    );
    await expectTRPCError(context.visitor.excerpts.move({ id: last.id, direction: 'up' }), 'UNAUTHORIZED');
    expect(await context.visitor.excerpts.list()).toEqual(before);
  });

  it('keeps an excerpt’s place on edit, and puts it last in another book it moves to', async () => {
    const [one, two] = [await newBookId(context), await newBookId(context)];
    const a = await context.admin.excerpts.create(titled(one, 'A'));
    await context.admin.excerpts.create(titled(one, 'B'));
    await context.admin.excerpts.create(titled(two, 'X'));
    expect(await context.admin.excerpts.update({ id: a.id, data: titled(one, 'A, revised') })).toMatchObject({
      position: 1,
    });
    expect(await context.admin.excerpts.update({ id: a.id, data: titled(two, 'A, moved') })).toMatchObject({
      position: 2,
    });
    expect(await orderOf(two)).toEqual([
      ['X', 1],
      ['A, moved', 2],
    ]);
  });

  it('closes gaps left by a deletion when moving, and stays a clean 1…n under parallel moves', async () => {
    const bookId = await newBookId(context);
    const excerpts = [];
    for (const title of ['A', 'B', 'C', 'D', 'E', 'F'])
      excerpts.push(await context.admin.excerpts.create(titled(bookId, title)));
    await context.admin.excerpts.delete({ id: excerpts[1]!.id });
    await context.admin.excerpts.move({ id: excerpts[2]!.id, direction: 'up' });
    expect(await orderOf(bookId)).toEqual([
      ['C', 1],
      ['A', 2],
      ['D', 3],
      ['E', 4],
      ['F', 5],
    ]);
    // 40 moves at once, some bound to hit an end: each either moves or is refused, and the
    // book's positions end as 1…5 with every excerpt present once.
    const ids = excerpts.filter((_, index) => index !== 1).map((excerpt) => excerpt.id);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, n) =>
        context.admin.excerpts.move({ id: ids[n % ids.length]!, direction: n % 3 === 0 ? 'down' : 'up' }),
      ),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as { code?: string }).code).toBe('BAD_REQUEST');
    }
    const after = await orderOf(bookId);
    expect(after.map(([, position]) => position)).toEqual([1, 2, 3, 4, 5]);
    expect(after.map(([title]) => title).sort()).toEqual(['A', 'C', 'D', 'E', 'F']);
  });
});
