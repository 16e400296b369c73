import { describe, expect, it } from 'vitest';
import { buyButtonFor, DEFAULT_BOOK_ORDER, parseOrderInput } from './books.js';

describe('buyButtonFor', () => {
  it('offers to buy a published book at its price', () => {
    expect(buyButtonFor('published', '$18.99')).toEqual({ label: 'Buy — $18.99', disabled: false });
  });

  it('offers a preorder for a preorder book', () => {
    expect(buyButtonFor('preorder', '$18.99')).toEqual({ label: 'Preorder — $18.99', disabled: false });
  });

  it('says just Buy or Preorder when there is no price (no dangling dash)', () => {
    expect(buyButtonFor('published', null).label).toBe('Buy');
    expect(buyButtonFor('preorder', null).label).toBe('Preorder');
  });

  it('says Coming Soon, disabled and without the price, for a coming-soon book', () => {
    expect(buyButtonFor('coming-soon', '$18.99')).toEqual({ label: 'Coming Soon', disabled: true });
  });

  it('still labels a disabled coming-soon button that has no price', () => {
    expect(buyButtonFor('coming-soon', null)).toEqual({ label: 'Coming Soon', disabled: true });
  });
});

describe('parseOrderInput', () => {
  it.each([
    ['3', 3],
    ['abc', 0],
    ['2.7', 2],
    ['', 0],
    [' 7 ', 7],
    ['-4', -4],
    [5.9, 5],
  ] as const)('turns %j into %j', (raw, expected) => {
    expect(parseOrderInput(raw)).toBe(expected);
  });

  it('defaults a new book to order 1', () => {
    expect(DEFAULT_BOOK_ORDER).toBe(1);
  });
});
