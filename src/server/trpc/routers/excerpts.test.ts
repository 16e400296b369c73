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
});
