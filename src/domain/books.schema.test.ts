import { describe, expect, it } from 'vitest';
import { bookInputSchema } from './books.schema.js';
import { COVER_IMAGE_MESSAGE } from './images.js';

describe('bookInputSchema', () => {
  const book = {
    title: ' The Ember Crown ',
    description: 'A queen.',
    coverImage: '/objects/a.png',
    status: 'published',
    order: 2,
  };

  it('trims text and turns a missing price into null', () => {
    expect(bookInputSchema.parse(book)).toEqual({ ...book, title: 'The Ember Crown', price: null });
  });

  it('refuses a cover image that is neither an upload nor an http(s) URL', () => {
    const result = bookInputSchema.safeParse({ ...book, coverImage: 'ftp://example.com/a.png' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([COVER_IMAGE_MESSAGE]);
  });

  it.each([1.5, '3', null])('refuses order %j as not a whole number', (order) => {
    const result = bookInputSchema.safeParse({ ...book, order });
    expect(result.error?.issues[0]?.message).toBe('Order must be a whole number');
  });
});
