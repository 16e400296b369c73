import { describe, expect, it } from 'vitest';
import { nextInSeries } from './next-in-series.js';

const book = (id: string, seriesId: string | null, seriesNumber: number | null) => ({ id, seriesId, seriesNumber });

describe('nextInSeries', () => {
  const books = [book('b3', 's', 3), book('b1', 's', 1), book('n', 's', 2.5), book('b2', 's', 2), book('o', 't', 3)];

  it('is the next higher number in the same series, whatever the list order', () => {
    expect(nextInSeries(books[1]!, books)?.id).toBe('b2');
    expect(nextInSeries(books[3]!, books)?.id).toBe('n');
    expect(nextInSeries(books[2]!, books)?.id).toBe('b3');
  });

  it('is null for the last book and for a standalone one', () => {
    expect(nextInSeries(books[0]!, books)).toBeNull();
    expect(nextInSeries(book('x', null, null), books)).toBeNull();
  });
});
