import { describe, expect, it } from 'vitest';
import { groupExcerptsByBook } from './excerpt-groups.js';

describe('groupExcerptsByBook', () => {
  it('groups under books in display order and skips books without excerpts', () => {
    const books = [
      { id: 'b2', order: 2 },
      { id: 'b1', order: 1 },
      { id: 'b3', order: 3 },
    ];
    const excerpts = [
      { id: 'e1', bookId: 'b2' },
      { id: 'e2', bookId: 'b1' },
      { id: 'e3', bookId: 'b2' },
      { id: 'e4', bookId: 'gone' },
    ];
    const groups = groupExcerptsByBook(books, excerpts);
    expect(groups.map((group) => group.book.id)).toEqual(['b1', 'b2']);
    expect(groups[1]!.excerpts.map((excerpt) => excerpt.id)).toEqual(['e1', 'e3']);
  });
});
