import { describe, expect, it } from 'vitest';
import { isOpenForPreorder, preorderOptionLabel, preorderOptionsFor, preorderRefusal } from './preorders.js';

const lantern = {
  title: 'A Lantern for the Drowned',
  status: 'preorder' as const,
  price: '$12.99',
  editions: [
    { format: 'hardcover' as const, price: '$27.99' },
    { format: 'ebook' as const, price: '$12.99' },
    { format: 'audiobook' as const, price: null },
    { format: 'audiobook' as const, price: '$24.99' },
  ],
};

describe('preorder options', () => {
  it("offers the book's own editions, one a format, with that edition's price", () => {
    expect(preorderOptionsFor(lantern)).toEqual([
      { format: 'hardcover', label: 'Hardcover', price: '$27.99' },
      { format: 'ebook', label: 'eBook', price: '$12.99' },
      { format: 'audiobook', label: 'Audiobook', price: '$24.99' },
    ]);
    expect(preorderOptionLabel({ format: 'hardcover', label: 'Hardcover', price: '$27.99' })).toBe(
      'Hardcover — $27.99',
    );
    expect(preorderOptionLabel({ format: 'ebook', label: 'eBook', price: null })).toBe('eBook');
  });

  it('keeps the three seed formats, at the book price, for a book with no editions', () => {
    expect(preorderOptionsFor({ ...lantern, editions: [] }).map((option) => [option.format, option.price])).toEqual([
      ['ebook', '$12.99'],
      ['paperback', '$12.99'],
      ['hardcover', '$12.99'],
    ]);
  });

  it('refuses a format the book lacks and any format of a published book', () => {
    expect(preorderRefusal(lantern, 'hardcover')).toBeNull();
    expect(preorderRefusal(lantern, 'paperback')).toBe(
      'A Lantern for the Drowned is not offered as paperback: choose one of its editions',
    );
    expect(preorderRefusal({ ...lantern, status: 'published' }, 'hardcover')).toBe(
      'A Lantern for the Drowned is already published: buy it from its page',
    );
    expect(isOpenForPreorder({ status: 'coming-soon' })).toBe(true);
  });
});
