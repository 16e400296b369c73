import { describe, expect, it } from 'vitest';
import { directBesideShops } from './overview-figures.js';

describe('directBesideShops', () => {
  it('puts a book’s Buy direct clicks, direct orders and retailer clicks side by side, busiest book first', () => {
    const rows = directBesideShops(
      [{ bookId: 'ash', bookTitle: 'The Ashwarden', orders: 3 }],
      [
        { bookId: 'ash', title: 'The Ashwarden', shop: 'Buy direct (Ebook)', clicks: 9 },
        { bookId: 'ash', title: 'The Ashwarden', shop: 'Amazon', clicks: 4 },
        { bookId: 'ash', title: 'The Ashwarden', shop: 'Buy direct (Audiobook)', clicks: 1 },
        { bookId: 'tallow', title: 'The Tallow King', shop: 'Kobo', clicks: 2 },
      ],
    );
    expect(rows).toEqual([
      { key: 'ash', title: 'The Ashwarden', direct: 3, directClicks: 10, shopClicks: 4 },
      { key: 'tallow', title: 'The Tallow King', direct: 0, directClicks: 0, shopClicks: 2 },
    ]);
  });
});
