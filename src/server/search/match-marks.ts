import { WORD, type QueryTerm } from './fts5-query.js';
import { MATCH_END, MATCH_START } from './highlight.js';
import { foldForSearch } from './tsquery.js';

/**
 * Marks the reader's words in a PostgreSQL hit's title and body, in this process rather than with
 * ts_headline: ts_headline parses each whole document again inside the database (half the query's
 * time with a page of long posts) and cannot see words matched through folded accents. The rules
 * are the tsquery's (toTsQuery): words compared folded, the last word also as a prefix, a quoted
 * phrase only as consecutive words; the output uses FTS5's markers, so both engines' hits are
 * turned into HTML by the same markedToHtml().
 */

type Token = { start: number; end: number; folded: string };

const ASCII_ONLY = /^[\p{ASCII}]*$/u;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    tokens.push({
      start: match.index,
      end: match.index + word.length,
      // Most words are plain ASCII: lower-casing them is all folding would do, at a fraction of the cost.
      folded: ASCII_ONLY.test(word) ? word.toLowerCase() : foldForSearch(word),
    });
  }
  return tokens;
}

/** For each token, whether one of the terms matches it (alone or within a phrase). */
function matchedTokens(tokens: Token[], terms: QueryTerm[]): boolean[] {
  const matched = tokens.map(() => false);
  terms.forEach((term, termIndex) => {
    const words = term.words.map(foldForSearch);
    const asPrefix = termIndex === terms.length - 1 && !term.phrase;
    for (let at = 0; at + words.length <= tokens.length; at++) {
      const found = words.every((word, offset) => {
        const token = tokens[at + offset]!.folded;
        return asPrefix ? token.startsWith(word) : token === word;
      });
      if (found) for (let offset = 0; offset < words.length; offset++) matched[at + offset] = true;
    }
  });
  return matched;
}

/** `text` from `from` to `to` with the matched tokens inside wrapped in the markers. */
function markRange(text: string, tokens: Token[], matched: boolean[], from: number, to: number): string {
  let marked = '';
  let cursor = from;
  tokens.forEach((token, index) => {
    if (!matched[index] || token.start < from || token.end > to) return;
    marked += text.slice(cursor, token.start) + MATCH_START + text.slice(token.start, token.end) + MATCH_END;
    cursor = token.end;
  });
  return marked + text.slice(cursor, to);
}

/** The whole text with every match marked (as FTS5's highlight()). */
export function markAllMatches(text: string, terms: QueryTerm[]): string {
  const tokens = tokensOf(text);
  return markRange(text, tokens, matchedTokens(tokens, terms), 0, text.length);
}

/**
 * A window of `words` consecutive words holding the most matches (the first such), marked, as
 * FTS5's snippet(): it keeps the punctuation touching its first and last word, and shows "…" where
 * the text goes on. A text without a match gives its opening words.
 */
export function snippetAroundMatches(text: string, terms: QueryTerm[], words: number): string {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return '';
  const matched = matchedTokens(tokens, terms);
  const size = Math.min(words, tokens.length);
  let inWindow = 0;
  for (let index = 0; index < size; index++) if (matched[index]) inWindow++;
  let best = { first: 0, count: inWindow };
  for (let first = 1; first + size <= tokens.length; first++) {
    if (matched[first - 1]) inWindow--;
    if (matched[first + size - 1]) inWindow++;
    if (inWindow > best.count) best = { first, count: inWindow };
  }
  const firstToken = tokens[best.first]!;
  const lastToken = tokens[best.first + size - 1]!;
  const before = text.slice(0, firstToken.start);
  const after = text.slice(lastToken.end);
  const lead = /[^\p{L}\p{N}\s]*$/u.exec(before)?.[0] ?? '';
  const tail = /^[^\p{L}\p{N}\s]*/u.exec(after)?.[0] ?? '';
  const from = firstToken.start - lead.length;
  const to = lastToken.end + tail.length;
  const ellipsisBefore = best.first > 0 ? '…' : '';
  const ellipsisAfter = best.first + size < tokens.length ? '…' : '';
  return ellipsisBefore + markRange(text, tokens, matched, from, to) + ellipsisAfter;
}
