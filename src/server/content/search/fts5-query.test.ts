import { describe, expect, it } from 'vitest';
import { HOSTILE_QUERIES } from '../../test-support/hostile-search-queries.js';
import { MAX_QUERY_TERMS, toFts5Query } from './fts5-query.js';

describe('toFts5Query', () => {
  it('quotes every word and matches the last one as a prefix', () => {
    expect(toFts5Query('ash crown')).toBe('"ash" "crown"*');
    expect(toFts5Query('  Vésper  ')).toBe('"Vésper"*');
  });

  it('keeps a quoted phrase as a phrase, without a prefix', () => {
    expect(toFts5Query('"ash crown" queen')).toBe('"ash crown" "queen"*');
    expect(toFts5Query('queen "ash crown"')).toBe('"queen" "ash crown"');
  });

  it('turns operators, column filters and special characters into plain words', () => {
    expect(toFts5Query('NEAR(ash crown, 2)')).toBe('"NEAR" "ash" "crown" "2"');
    expect(toFts5Query('title:ash OR body:crown*')).toBe('"title" "ash" "OR" "body" "crown"*');
    expect(toFts5Query('ash AND NOT crown')).toBe('"ash" "AND" "NOT" "crown"*');
    expect(toFts5Query('"unbalanced phrase')).toBe('"unbalanced" "phrase"*');
    expect(toFts5Query('((ash)')).toBe('"ash"*');
  });

  it('is null when nothing searchable is left', () => {
    for (const input of ['', '   ', '"', '""', '*', '()', '!@#$%', '\u0301', '😀', '\u0000'])
      expect(toFts5Query(input), JSON.stringify(input)).toBeNull();
  });

  it('keeps letters of every script, with their accents', () => {
    expect(toFts5Query('灰の王冠')).toBe('"灰の王冠"*');
    expect(toFts5Query('e\u0301clat')).toBe('"\u00e9clat"*');
    expect(toFts5Query('Пепел')).toBe('"Пепел"*');
  });

  it('matches a last word of one character whole, never as the prefix of every word starting with it', () => {
    expect(toFts5Query('the and of a to t')).toBe('"the" "and" "of" "a" "to" "t"');
    expect(toFts5Query('ve')).toBe('"ve"*');
    expect(toFts5Query('é')).toBe('"é"');
  });

  it("keeps the first six terms of an attacker's string of common words", () => {
    expect(MAX_QUERY_TERMS).toBe(6);
    expect(toFts5Query('the and of a to in was it her t')).toBe('"the" "and" "of" "a" "to" "in"');
  });

  it(`keeps at most ${MAX_QUERY_TERMS} terms of a long query`, () => {
    const query = toFts5Query('ash '.repeat(2_500))!;
    expect(query.split(' ')).toHaveLength(MAX_QUERY_TERMS);
  });

  it('never lets a double quote or an operator character through outside a quoted word', () => {
    for (const input of HOSTILE_QUERIES) {
      const query = toFts5Query(input);
      if (query === null) continue;
      // Every term is "<letters, digits, marks and spaces>" with an optional final *.
      expect(query, JSON.stringify(input)).toMatch(/^"[\p{L}\p{N}\p{M} ]+"\*?( "[\p{L}\p{N}\p{M} ]+"\*?)*$/u);
    }
  });
});
