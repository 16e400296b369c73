import { describe, expect, it } from 'vitest';
import { blogCardsInput, blogListInput } from './blog.schema.js';
import { BLOG_CARD_PAGE, BLOG_POST_PAGE } from './paging.js';

describe('blogListInput', () => {
  it('accepts no filter or a category as text (the server checks it is one of the site’s), anything else as none', () => {
    expect(blogListInput.parse(undefined)).toEqual({ limit: BLOG_POST_PAGE.defaultLimit });
    expect(blogListInput.parse({ category: ' soundtracks ' })).toEqual({
      category: 'soundtracks',
      limit: BLOG_POST_PAGE.defaultLimit,
    });
    // A repeated query parameter or a number names no category: the server refuses '' with the site's categories.
    expect(blogListInput.parse({ category: ['a', 'b'] }).category).toBe('');
    expect(blogListInput.parse({ category: 7 }).category).toBe('');
  });

  it('takes a limit up to the most a page holds, and a cursor (from a query string too)', () => {
    expect(blogListInput.parse({ limit: '5', cursor: 'post-1' })).toEqual({ limit: 5, cursor: 'post-1' });
    const message = (input: unknown) => blogListInput.safeParse(input).error?.issues[0]?.message;
    expect(message({ limit: BLOG_POST_PAGE.maxLimit + 1 })).toBe(`limit must be at most ${BLOG_POST_PAGE.maxLimit}`);
    expect(message({ limit: '0' })).toBe('limit must be at least 1');
    expect(message({ limit: '2.5' })).toBe('limit must be a whole number');
    expect(message({ limit: 'many' })).toBe('limit must be a number');
    expect(message({ cursor: 'x'.repeat(101) })).toBe('cursor must be an id of at most 100 characters');
  });
});

describe('blogCardsInput', () => {
  it('takes a page from 1 (the default) and a limit', () => {
    expect(blogCardsInput.parse(undefined)).toEqual({ page: 1, limit: BLOG_CARD_PAGE.defaultLimit });
    expect(blogCardsInput.parse({ page: '3', limit: 4 })).toEqual({ page: 3, limit: 4 });
    expect(blogCardsInput.safeParse({ page: 0 }).error?.issues[0]?.message).toBe('page must be at least 1');
    expect(blogCardsInput.safeParse({ limit: 51 }).error?.issues[0]?.message).toBe('limit must be at most 50');
  });
});
