import { describe, expect, it } from 'vitest';
import { HOSTILE_QUERIES } from '../../test-support/hostile-search-queries.js';
import { searchableWords, toTsQuery } from './tsquery.js';

describe('toTsQuery', () => {
  it('quotes every folded word, keeps phrases, needs every term and matches the last word as a prefix', () => {
    expect(toTsQuery('Ash CROWN')).toBe("'ash' & 'crown':*");
    expect(toTsQuery('"ash and crown" Vésper')).toBe("('ash' <-> 'and' <-> 'crown') & 'vesper':*");
    expect(toTsQuery('  !!! ')).toBeNull();
  });

  it('matches a last word of one character whole and keeps the first six terms', () => {
    expect(toTsQuery('the and of a to t')).toBe("'the' & 'and' & 'of' & 'a' & 'to' & 't'");
    expect(toTsQuery('the and of a to in was it her t')).toBe("'the' & 'and' & 'of' & 'a' & 'to' & 'in'");
  });

  it('leaves no operator or quote of the reader in the query', () => {
    for (const query of HOSTILE_QUERIES) {
      const tsQuery = toTsQuery(query) ?? '';
      // Outside the quoted words only the query's own operators remain.
      expect(tsQuery.replace(/'[\p{L}\p{N}]+'/gu, ''), JSON.stringify(query)).toMatch(/^[\s&()<\->:*]*$/);
    }
  });
});

describe('searchableWords', () => {
  it('splits, folds and joins words as FTS5 tokenizes them', () => {
    expect(searchableWords('<script>Vésper</script> a@b.com')).toBe('script vesper script a b com');
  });
});
