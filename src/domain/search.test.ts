import { describe, expect, it } from 'vitest';
import { isMajorSpoiler, SEARCH_QUERY_MAX_LENGTH, searchQueryFrom, searchQueryProblem } from './search.js';
import { searchInputSchema } from './search.schema.js';

describe('search queries', () => {
  it('reads ?q= as the words typed, whatever the router made of them', () => {
    expect(searchQueryFrom('ash crown')).toBe('ash crown');
    expect(searchQueryFrom(1914)).toBe('1914');
    expect(searchQueryFrom(true)).toBe('true');
    expect(searchQueryFrom(undefined)).toBe('');
    expect(searchQueryFrom({ q: 'x' })).toBe('');
    expect(searchQueryFrom(['a', 'b'])).toBe('');
  });

  it('names what stops a query: nothing typed, or too long', () => {
    expect(searchQueryProblem('')).toBe('empty');
    expect(searchQueryProblem(' \n\t ')).toBe('empty');
    expect(searchQueryProblem('a'.repeat(SEARCH_QUERY_MAX_LENGTH))).toBeNull();
    expect(searchQueryProblem(` ${'a'.repeat(SEARCH_QUERY_MAX_LENGTH)} `)).toBeNull();
    expect(searchQueryProblem('a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))).toBe('too-long');
  });

  it('agrees with the schema the server checks', () => {
    for (const q of ['', '   ', 'ash', 'a'.repeat(SEARCH_QUERY_MAX_LENGTH), 'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)])
      expect(searchInputSchema.safeParse({ q }).success).toBe(searchQueryProblem(q) === null);
  });

  it('hides only major spoilers', () => {
    expect(['none', 'minor', 'major', 'unknown'].filter(isMajorSpoiler)).toEqual(['major']);
  });
});
