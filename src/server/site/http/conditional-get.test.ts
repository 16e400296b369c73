import { describe, expect, it } from 'vitest';
import { ifNoneMatchMatches, weakEtagOf } from './conditional-get.js';

describe('weakEtagOf', () => {
  it('is a weak tag that follows the bytes', () => {
    const text = 'Ash and ember. '.repeat(200);
    expect(weakEtagOf(Buffer.from(text))).toMatch(/^W\/"[\w-]+"$/);
    expect(weakEtagOf(Buffer.from(text))).toBe(weakEtagOf(Buffer.from(text)));
    expect(weakEtagOf(Buffer.from(`${text}!`))).not.toBe(weakEtagOf(Buffer.from(text)));
  });
});

describe('ifNoneMatchMatches', () => {
  const etag = 'W/"abc"';

  it('matches the tag itself, by weak comparison, in a list, or *', () => {
    expect(ifNoneMatchMatches('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"old", W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('*', etag)).toBe(true);
  });

  it('does not match another tag, a missing header or a tag that only contains it', () => {
    expect(ifNoneMatchMatches('W/"abcd"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"old", "older"', etag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, etag)).toBe(false);
    expect(ifNoneMatchMatches('', etag)).toBe(false);
  });
});
