import { describe, expect, it } from 'vitest';
import { looksLikeId, MAX_SLUG_LENGTH, SLUG_PATTERN, slugify, uniqueSlug } from './slugs.js';

describe('slugify', () => {
  it.each([
    ['The Ashwarden', 'the-ashwarden'],
    ['A Lantern for the Drowned!', 'a-lantern-for-the-drowned'],
    ['The Queen’s   Ember -- Part II', 'the-queens-ember-part-ii'],
    ['Éclat de Cendre', 'eclat-de-cendre'],
    ['  --  ', 'book'],
    ['灰', 'book'],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it('stays within the length limit without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug).toMatch(SLUG_PATTERN);
  });
});

describe('slug rules', () => {
  it.each(['ok', 'book-2', 'a1-b2-c3'])('the pattern accepts %j', (slug) => expect(SLUG_PATTERN.test(slug)).toBe(true));
  it.each(['Upper', 'two--hyphens', '-lead', 'trail-', 'sp ace', 'ünï', 'a/b', ''])('refuses %j', (slug) =>
    expect(SLUG_PATTERN.test(slug)).toBe(false),
  );

  it('recognises an id-shaped value', () => {
    expect(looksLikeId('0b7e4f8e-3c1a-4d2b-9f6e-1a2b3c4d5e6f')).toBe(true);
    expect(looksLikeId('the-ashwarden')).toBe(false);
  });

  it('numbers a taken slug from 2, keeping within the length limit', () => {
    expect(uniqueSlug('book', new Set())).toBe('book');
    expect(uniqueSlug('book', new Set(['book', 'book-2']))).toBe('book-3');
    const long = 'a'.repeat(MAX_SLUG_LENGTH);
    const next = uniqueSlug(long, new Set([long]));
    expect(next.length).toBe(MAX_SLUG_LENGTH);
    expect(next.endsWith('-2')).toBe(true);
  });
});
