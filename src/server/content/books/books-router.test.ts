import { describe, expect, it } from 'vitest';
import { COVER_IMAGE_MESSAGE } from '../../../domain/images.js';
import { describeContentRouter } from '../../test-support/content-router-contract.js';
import { validBook } from '../../test-support/test-app.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const context = useCallers();

describeContentRouter(context, {
  name: 'Book',
  pick: (caller) => caller.books,
  validInput: () => ({ ...validBook }),
  changes: { title: 'Revised', status: 'coming-soon', price: null, order: 9 },
  invalid: [
    [{ title: '' }, 'Title is required'],
    [{ coverImage: 'cover.png' }, COVER_IMAGE_MESSAGE],
    [{ status: 'sold-out' }, 'Status must be one of: published, preorder, coming-soon'],
    [{ order: 2.5 }, 'Order must be a whole number'],
    [{ order: '2' }, 'Order must be a whole number'],
    [{ price: 5 }, 'Price must be text'],
  ],
});

describe('books router rules', () => {
  it('lists by order, then title', async () => {
    for (const [title, order] of [
      ['C', 2],
      ['B', 1],
      ['A', 2],
    ] as const)
      await context.admin.books.create({ ...validBook, title, order });
    const titles = (await context.visitor.books.list())
      .filter((b) => ['A', 'B', 'C'].includes(b.title))
      .map((b) => b.title);
    expect(titles).toEqual(['B', 'A', 'C']);
  });

  it("gives the home page its latest release alone, without the list's editions and shop links", async () => {
    // Ordered after any other test's books: the callers share one database.
    await context.admin.books.create({ ...validBook, title: 'Out', order: 999_990 });
    const preorder = await context.admin.books.create({
      ...validBook,
      title: 'Next',
      status: 'preorder',
      order: 999_991,
    });
    await context.admin.books.create({
      ...validBook,
      title: 'Later',
      status: 'coming-soon',
      price: null,
      order: 999_992,
    });
    const latest = await context.visitor.books.latest();
    expect(latest).toEqual({
      id: preorder.id,
      slug: preorder.slug,
      title: 'Next',
      status: 'preorder',
      price: validBook.price,
      description: validBook.description,
      coverImage: validBook.coverImage,
    });
  });

  it('reports every problem of an input at once', async () => {
    await expectTRPCError(
      context.admin.books.create({ ...validBook, title: ' ', coverImage: 'x' } as never),
      'BAD_REQUEST',
      `Title is required. ${COVER_IMAGE_MESSAGE}`,
    );
  });

  it('stores a blank price as null', async () => {
    expect((await context.admin.books.create({ ...validBook, price: '' })).price).toBeNull();
  });
});
