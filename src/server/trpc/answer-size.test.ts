import { describe, expect, it } from 'vitest';
import superjson from 'superjson';
import { jsonSizeUpTo } from './answer-size.js';

describe('jsonSizeUpTo', () => {
  const answer = {
    items: Array.from({ length: 50 }, (_, n) => ({
      id: `post-${n}`,
      title: `Title ${n}`,
      publishedAt: new Date(Date.UTC(2026, 0, n + 1)),
      content: 'word '.repeat(200 + n),
      tags: new Set(['a', 'b']),
      rank: n / 3,
      draft: n % 2 === 0,
      image: null,
    })),
    total: 50,
  };

  it('is close to the length of the JSON superjson sends', () => {
    const sent = JSON.stringify(superjson.serialize(answer).json).length;
    const estimate = jsonSizeUpTo(answer, Infinity);
    expect(estimate).toBeGreaterThanOrEqual(sent * 0.9);
    expect(estimate).toBeLessThanOrEqual(sent * 1.1);
  });

  it('says an answer far over the limit is over it', () => {
    const huge = Array.from({ length: 100_000 }, () => 'x'.repeat(1_000));
    expect(jsonSizeUpTo(huge, 10_000)).toBeGreaterThan(10_000);
  });

  it('ends on an answer that refers to itself', () => {
    const looped: Record<string, unknown> = { name: 'loop' };
    looped.self = looped;
    expect(jsonSizeUpTo(looped, 1_000)).toBeGreaterThan(1_000);
  });
});
