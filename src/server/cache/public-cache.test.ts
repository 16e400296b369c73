import { describe, expect, it } from 'vitest';
import { PublicCache, RECENT_ITEMS } from './public-cache.js';

describe('PublicCache.getRecent', () => {
  it('keeps only the most recently read items, and forgets them all on clear', async () => {
    const cache = new PublicCache();
    let loads = 0;
    const read = (key: string) => cache.getRecent(key, async () => `${key}:${++loads}`);
    for (let index = 0; index <= RECENT_ITEMS; index++) await read(`post:${index}`);
    expect(loads).toBe(RECENT_ITEMS + 1);
    // post:0 was the least recently read: gone. post:1, read again now, stays ahead of post:2.
    expect(await read('post:1')).toBe('post:1:2');
    expect(await read('post:0')).toBe(`post:0:${RECENT_ITEMS + 2}`);
    expect(await read('post:1')).toBe('post:1:2');
    expect(await read('post:2')).toBe(`post:2:${RECENT_ITEMS + 3}`);
    cache.clear();
    expect(await read('post:1')).toBe(`post:1:${RECENT_ITEMS + 4}`);
  });

  it('a failed load is not kept', async () => {
    const cache = new PublicCache();
    await expect(cache.getRecent('post:x', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await cache.getRecent('post:x', async () => 'back')).toBe('back');
  });
});
