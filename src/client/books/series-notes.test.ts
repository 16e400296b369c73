import { describe, expect, it } from 'vitest';
import { seriesNotes } from './series-notes.js';

const series = (id: string, description = '', readingOrderNote = '') => ({
  id,
  name: `Series ${id}`,
  description,
  readingOrderNote,
});

describe('seriesNotes', () => {
  it('gives the listed books’ series in the order of their first book, once each', () => {
    const books = [{ seriesId: 'b' }, { seriesId: null }, { seriesId: 'a' }, { seriesId: 'b' }];
    const all = [series('a', 'About A.', 'A first.'), series('b', 'About B.'), series('c', 'Unlisted.', 'C.')];
    expect(seriesNotes(books, all, 'Fallback.').map((entry) => entry.id)).toEqual(['b', 'a']);
  });

  it('leaves out a series with nothing to say and one the list does not know', () => {
    const books = [{ seriesId: 'quiet' }, { seriesId: 'gone' }, { seriesId: 'told' }];
    expect(seriesNotes(books, [series('quiet'), series('told', '', 'In order.')], 'Fallback.')).toEqual([
      series('told', '', 'In order.'),
    ]);
  });

  it('gives the first series the fallback note when none has a note of its own', () => {
    const books = [{ seriesId: 'a' }, { seriesId: 'b' }];
    expect(seriesNotes(books, [series('a', 'About A.'), series('b', 'About B.')], 'Fallback.')).toEqual([
      series('a', 'About A.', 'Fallback.'),
      series('b', 'About B.'),
    ]);
  });

  it('gives nothing for standalone books or series without texts (the page then shows its own note)', () => {
    expect(seriesNotes([{ seriesId: null }], [series('a', 'About A.')], 'Fallback.')).toEqual([]);
    expect(seriesNotes([{ seriesId: 'a' }], [series('a')], 'Fallback.')).toEqual([]);
  });
});
