import { queryTerms, WORD } from './fts5-query.js';

/**
 * Text as PostgreSQL's search sees it: lower case, accents removed (as SQLite's unicode61 tokenizer
 * with remove_diacritics does), so "vesper" finds "Vésper". Both the stored vectors and the
 * query go through it.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .toLowerCase();
}

/**
 * The text a tsvector is made of: its words as SQLite's unicode61 tokenizer splits them (letters and
 * digits), folded, one space apart. PostgreSQL's own parser would otherwise read `<script>` as an
 * HTML tag (which 'simple' drops) or `a@b.com` as one word, and the reader's words would not find them.
 */
export function searchableWords(text: string): string {
  return (foldForSearch(text).match(WORD) ?? []).join(' ');
}

/**
 * Turns whatever a reader typed into to_tsquery('simple', …) text that cannot be a syntax error:
 * the same terms as on SQLite (queryTerms), every word folded and single-quoted (words hold only
 * letters and digits, so no quote or operator of the reader's survives), a "quoted phrase" joined
 * with <->, all terms with &, and the last word (of 2+ characters) also matching as a prefix (:*). Null when nothing
 * searchable is left.
 */
export function toTsQuery(input: string): string | null {
  return tsQueryTerms(input)?.join(' & ') ?? null;
}

/**
 * The same terms joined with | instead of &: what a search ranks with. ts_rank scores an AND query
 * by comparing every pair of its terms' positions in each document, an OR query by each term's own
 * frequency, many times cheaper (the figures: docs/architecture.md, "Site search"); the AND query
 * still decides what matches.
 */
export function toTsRankQuery(input: string): string | null {
  return tsQueryTerms(input)?.join(' | ') ?? null;
}

function tsQueryTerms(input: string): string[] | null {
  const terms = queryTerms(input);
  if (terms.length === 0) return null;
  return terms.map((term) => {
    // A folded word still starts with a letter or digit (only marks are removed).
    const quoted = term.words.map((word) => `'${foldForSearch(word)}'`).join(' <-> ');
    if (term.phrase) return `(${quoted})`;
    return term.prefix ? `${quoted}:*` : quoted;
  });
}
