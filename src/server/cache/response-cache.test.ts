import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('returns what was stored', () => {
    const cache = new ResponseCache<string>(3);
    expect(cache.set('/a', 'A', cache.generation)).toBe(true);
    expect(cache.get('/a')).toBe('A');
    expect(cache.get('/b')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond its bound', () => {
    const cache = new ResponseCache<string>(2);
    cache.set('/a', 'A', cache.generation);
    cache.set('/b', 'B', cache.generation);
    cache.get('/a'); // /b is now the least recently used
    cache.set('/c', 'C', cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBe('A');
    expect(cache.get('/c')).toBe('C');
  });

  it('replacing a key does not grow the cache', () => {
    const cache = new ResponseCache<string>(2);
    cache.set('/a', 'A1', cache.generation);
    cache.set('/a', 'A2', cache.generation);
    expect(cache.size).toBe(1);
    expect(cache.get('/a')).toBe('A2');
  });

  it('clear drops everything', () => {
    const cache = new ResponseCache<string>(5);
    cache.set('/a', 'A', cache.generation);
    cache.set('/b', 'B', cache.generation);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('/a')).toBeUndefined();
  });

  it('refuses a value rendered before the last clear', () => {
    const cache = new ResponseCache<string>(5);
    const renderStartedAt = cache.generation;
    cache.clear(); // a content write happened while rendering
    expect(cache.set('/a', 'stale', renderStartedAt)).toBe(false);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.set('/a', 'fresh', cache.generation)).toBe(true);
    expect(cache.get('/a')).toBe('fresh');
  });

  it('rejects a bound that is not a positive integer', () => {
    expect(() => new ResponseCache(0)).toThrow(RangeError);
  });
});
