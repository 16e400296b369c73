import { describe, expect, it } from 'vitest';
import type { BookStatus } from './books.js';
import { latestRelease } from './latest-release.js';

describe('latestRelease', () => {
  it('picks the published or preorder book with the highest order', () => {
    const books: { id: string; status: BookStatus; order: number }[] = [
      { id: 'a', status: 'published', order: 1 },
      { id: 'c', status: 'coming-soon', order: 4 },
      { id: 'b', status: 'preorder', order: 3 },
      { id: 'd', status: 'published', order: 2 },
    ];
    expect(latestRelease(books)?.id).toBe('b');
  });

  it('is null when nothing is released', () => {
    expect(latestRelease([{ status: 'coming-soon', order: 1 }])).toBeNull();
    expect(latestRelease([])).toBeNull();
  });
});
