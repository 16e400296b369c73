import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { describeContentRouter } from '../../test-support/content-router-contract.js';
import { validBook } from '../../test-support/test-app.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const context = useCallers();

const validSeries = { name: 'The Salt Books', description: 'Two novellas.', readingOrderNote: 'Any order.' };

describeContentRouter(context, {
  name: 'Series',
  pick: (caller) => caller.series,
  validInput: () => validSeries,
  changes: { name: 'The Salt Books (Omnibus)', readingOrderNote: 'Start with the first.' },
  invalid: [
    [{ name: '' }, 'Series name is required'],
    [{ name: '   ' }, 'Series name is required'],
    [{ name: 42 }, 'Series name is required'],
    [{ name: 'x'.repeat(TEXT_LIMITS.title + 1) }, `Series name must be at most ${TEXT_LIMITS.title} characters`],
    [{ description: ['a'] }, 'Series description must be text'],
    [
      { readingOrderNote: 'x'.repeat(TEXT_LIMITS.description + 1) },
      `Reading-order note must be at most ${TEXT_LIMITS.description} characters`,
    ],
  ],
});

describe('series rules', () => {
  it('defaults the optional texts to empty and trims the name', async () => {
    const series = await context.admin.series.create({ name: '  Bare  ' });
    expect(series).toEqual({ id: expect.any(String), name: 'Bare', description: '', readingOrderNote: '' });
  });

  it('a renamed series is renamed on its books too', async () => {
    const series = await context.admin.series.create({ name: 'Old Name' });
    const book = await context.admin.books.create({ ...validBook, seriesId: series.id, seriesNumber: 1 });
    await context.admin.series.update({ id: series.id, data: { name: 'New Name' } });
    expect((await context.visitor.books.byId({ id: book.id })).series).toEqual({ id: series.id, name: 'New Name' });
  });

  it('a book read by its slug carries its series’ description and reading-order note', async () => {
    const series = await context.admin.series.create(validSeries);
    const book = await context.admin.books.create({ ...validBook, seriesId: series.id, seriesNumber: 1 });
    expect((await context.visitor.books.bySlug({ slug: book.slug })).series).toEqual(series);
    await context.admin.series.update({ id: series.id, data: { name: 'Salt', description: 'Now described.' } });
    expect((await context.visitor.books.bySlug({ slug: book.slug })).series).toEqual({
      id: series.id,
      name: 'Salt',
      description: 'Now described.',
      readingOrderNote: '',
    });
    const standalone = await context.admin.books.create({ ...validBook, title: 'Standalone' });
    expect((await context.visitor.books.bySlug({ slug: standalone.slug })).series).toBeNull();
  });

  it('deleting a series keeps its books, standalone and unnumbered; other series’ books are untouched', async () => {
    const doomed = await context.admin.series.create({ name: 'Doomed' });
    const kept = await context.admin.series.create({ name: 'Kept' });
    const [a, b, c] = [
      await context.admin.books.create({ ...validBook, title: 'A', seriesId: doomed.id, seriesNumber: 1 }),
      await context.admin.books.create({ ...validBook, title: 'B', seriesId: doomed.id, seriesNumber: 2.5 }),
      await context.admin.books.create({ ...validBook, title: 'C', seriesId: kept.id, seriesNumber: 1 }),
    ];
    await context.admin.series.delete({ id: doomed.id });
    const books = await context.visitor.books.list();
    for (const id of [a.id, b.id])
      expect(books.find((book) => book.id === id)).toMatchObject({ seriesId: null, seriesNumber: null, series: null });
    expect(books.find((book) => book.id === c.id)).toMatchObject({ seriesId: kept.id, seriesNumber: 1 });
    expect((await context.visitor.series.list()).map((series) => series.id)).not.toContain(doomed.id);
    // A book cannot then be put back into the deleted series.
    await expectTRPCError(
      context.admin.books.update({ id: a.id, data: { ...validBook, seriesId: doomed.id, seriesNumber: 1 } }),
      'BAD_REQUEST',
      'The chosen series does not exist',
    );
  });

  it('lists series by name', async () => {
    await context.admin.series.create({ name: 'zz last' });
    await context.admin.series.create({ name: 'AA first' });
    const names = (await context.visitor.series.list()).map((series) => series.name);
    expect(names.indexOf('AA first')).toBeLessThan(names.indexOf('zz last'));
  });
});
