import { describe, expect, it } from 'vitest';
import { PublicCache, RECENT_ITEMS, type CacheInvalidationBus } from './public-cache.js';

/** Two instances' buses joined, as LISTEN/NOTIFY joins them on one PostgreSQL database. */
function joinedBuses(): [CacheInvalidationBus, CacheInvalidationBus] {
  const listeners: Array<Set<() => void>> = [new Set(), new Set()];
  const busOf = (own: number): CacheInvalidationBus => ({
    publish: async () => {
      await Promise.resolve();
      for (const listener of listeners[1 - own]!) listener();
    },
    subscribe: (listener) => {
      listeners[own]!.add(listener);
      return () => listeners[own]!.delete(listener);
    },
  });
  return [busOf(0), busOf(1)];
}

describe('PublicCache reads', () => {
  it('loads a key once and hands back the same promise until a clear', async () => {
    const cache = new PublicCache();
    let loads = 0;
    const load = async () => ++loads;
    const first = cache.get('books', load);
    expect(cache.get('books', load)).toBe(first);
    expect(await first).toBe(1);
    cache.clear();
    expect(await cache.get('books', load)).toBe(2);
  });

  it('forgets a failed load', async () => {
    const cache = new PublicCache();
    await expect(cache.get('books', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('books', async () => 'up')).resolves.toBe('up');
    // A load that throws at once is a rejected read too, not an exception at the caller.
    await expect(
      cache.get('sync', () => {
        throw new Error('thrown');
      }),
    ).rejects.toThrow('thrown');
    await expect(cache.get('sync', async () => 'loaded')).resolves.toBe('loaded');
  });
});

describe('PublicCache shelves', () => {
  it('returns what was stored', () => {
    const shelf = new PublicCache().shelf<string>(3);
    expect(shelf.set('/a', 'A', 0)).toBe(true);
    expect(shelf.get('/a')).toBe('A');
    expect(shelf.get('/b')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new PublicCache();
    const shelf = cache.shelf<string>(2);
    shelf.set('/a', 'A', cache.generation);
    shelf.set('/b', 'B', cache.generation);
    shelf.get('/a'); // /b is now the least recently used
    shelf.set('/c', 'C', cache.generation);
    expect(shelf.size).toBe(2);
    expect(shelf.get('/b')).toBeUndefined();
    expect(shelf.get('/a')).toBe('A');
    expect(shelf.get('/c')).toBe('C');
  });

  it('replacing a key does not grow the shelf', () => {
    const cache = new PublicCache();
    const shelf = cache.shelf<string>(2);
    shelf.set('/a', 'A1', cache.generation);
    shelf.set('/a', 'A2', cache.generation);
    expect(shelf.size).toBe(1);
    expect(shelf.get('/a')).toBe('A2');
  });

  it('a clear empties every shelf and the reads at once', async () => {
    const cache = new PublicCache();
    const pages = cache.shelf<string>(5);
    const lists = cache.shelf<string>(5);
    pages.set('/a', 'A', cache.generation);
    lists.set('/api/books', '[]', cache.generation);
    let loads = 0;
    await cache.get('books', async () => ++loads);
    cache.clear();
    expect(pages.size).toBe(0);
    expect(lists.size).toBe(0);
    expect(pages.get('/a')).toBeUndefined();
    expect(await cache.get('books', async () => ++loads)).toBe(2);
  });

  it('refuses a value produced before the last clear', () => {
    const cache = new PublicCache();
    const shelf = cache.shelf<string>(5);
    const renderStartedAt = cache.generation;
    cache.clear(); // a content write happened while rendering
    expect(shelf.set('/a', 'stale', renderStartedAt)).toBe(false);
    expect(shelf.get('/a')).toBeUndefined();
    expect(shelf.set('/a', 'fresh', cache.generation)).toBe(true);
    expect(shelf.get('/a')).toBe('fresh');
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => new PublicCache().shelf(0)).toThrow(RangeError);
    expect(() => new PublicCache().shelf(1.5)).toThrow(RangeError);
  });
});

describe('PublicCache invalidation', () => {
  it('a clear on one instance empties the other’s shelves and reads, and tells its listeners', async () => {
    const [writerBus, readerBus] = joinedBuses();
    const writer = new PublicCache(writerBus);
    const reader = new PublicCache(readerBus);
    const pages = reader.shelf<string>(5);
    pages.set('/books', 'old', reader.generation);
    const before = reader.generation;
    await reader.get('books', async () => 'old list');
    let told = 0;
    reader.onClear(() => told++);

    writer.clear();
    const propagation = writer.propagation();
    expect(propagation).not.toBeNull();
    await propagation;

    expect(pages.get('/books')).toBeUndefined();
    expect(reader.generation).not.toBe(before);
    expect(await reader.get('books', async () => 'new list')).toBe('new list');
    expect(told).toBe(1);
    expect(writer.propagation()).toBeNull();
  });

  it('has nothing to wait for without a bus', () => {
    const cache = new PublicCache();
    cache.clear();
    expect(cache.propagation()).toBeNull();
  });

  it('a failed publish still ends the propagation', async () => {
    const cache = new PublicCache({
      publish: () => Promise.reject(new Error('down')),
      subscribe: () => () => undefined,
    });
    cache.clear();
    await expect(cache.propagation()).resolves.toEqual([undefined]);
    expect(cache.propagation()).toBeNull();
  });
});

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
