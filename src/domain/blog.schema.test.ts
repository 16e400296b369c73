import { describe, expect, it } from 'vitest';
import { blogListInput } from './blog.schema.js';

describe('blogListInput', () => {
  it('accepts no filter or a known category, and refuses others', () => {
    expect(blogListInput.parse(undefined)).toBeUndefined();
    expect(blogListInput.parse({ category: 'soundtracks' })).toEqual({ category: 'soundtracks' });
    expect(blogListInput.safeParse({ category: 'all' }).error?.issues[0]?.message).toBe(
      'Category must be one of: announcements, behind-scenes, soundtracks',
    );
  });
});
