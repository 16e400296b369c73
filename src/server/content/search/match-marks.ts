import { WORD, type QueryTerm } from './fts5-query.js';
import { MATCH_END, MATCH_START } from './highlight.js';
import { foldForSearch } from './tsquery.js';

/**
 * Marks the reader's words in a hit's title and body, on both engines, in this process rather than
 * with FTS5's snippet() (whose cost grows with every common word of the query) or ts_headline, which parses each whole document again inside the database (half the query's
 * time with a page of long posts) and cannot see words matched through folded accents. The rules
 * are the query's (queryTerms): words compared folded, the last word also as a prefix, a quoted
 * phrase only as consecutive words; the output uses FTS5's markers, so both engines' hits are
 * turned into segments by the same markedToSegments().
 */

/**
 * A text's words (as FTS5 splits them) by position, and how to compare one with a folded query
 * word. A page of hits holds tens of thousands of words, so the common case (plain ASCII text) is
 * scanned by character code and compared in one lower-cased copy, without a string per word.
 */
type Tokens = {
  start: number[];
  end: number[];
  matches: (index: number, word: string, asPrefix: boolean) => boolean;
};

const ASCII_ONLY = /^[\p{ASCII}]*$/u;

const isAsciiWordChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

function tokensOf(text: string): Tokens {
  const start: number[] = [];
  const end: number[] = [];
  if (ASCII_ONLY.test(text)) {
    // In ASCII, FTS5's letters and digits are [A-Za-z0-9], and lower-casing is all folding does.
    for (let index = 0; index < text.length; index++) {
      if (!isAsciiWordChar(text.charCodeAt(index))) continue;
      start.push(index);
      while (index + 1 < text.length && isAsciiWordChar(text.charCodeAt(index + 1))) index++;
      end.push(index + 1);
    }
    const lower = text.toLowerCase();
    return {
      start,
      end,
      matches: (index, word, asPrefix) => {
        const length = end[index]! - start[index]!;
        return (asPrefix ? length >= word.length : length === word.length) && lower.startsWith(word, start[index]);
      },
    };
  }
  const folded: string[] = [];
  for (const match of text.matchAll(WORD)) {
    start.push(match.index);
    end.push(match.index + match[0].length);
    folded.push(foldForSearch(match[0]));
  }
  return {
    start,
    end,
    matches: (index, word, asPrefix) => (asPrefix ? folded[index]!.startsWith(word) : folded[index] === word),
  };
}

/** For each word of the text, whether one of the terms matches it (alone or within a phrase). */
function matchedTokens(tokens: Tokens, terms: QueryTerm[]): boolean[] {
  const count = tokens.start.length;
  const matched = new Array<boolean>(count).fill(false);
  terms.forEach((term) => {
    const words = term.words.map(foldForSearch);
    const asPrefix = term.prefix;
    for (let at = 0; at + words.length <= count; at++) {
      if (!words.every((word, offset) => tokens.matches(at + offset, word, asPrefix))) continue;
      for (let offset = 0; offset < words.length; offset++) matched[at + offset] = true;
    }
  });
  return matched;
}

/** `text` from `from` to `to` with the matched tokens inside wrapped in the markers. */
function markRange(text: string, tokens: Tokens, matched: boolean[], from: number, to: number): string {
  let marked = '';
  let cursor = from;
  matched.forEach((isMatch, index) => {
    const start = tokens.start[index]!;
    const end = tokens.end[index]!;
    if (!isMatch || start < from || end > to) return;
    marked += text.slice(cursor, start) + MATCH_START + text.slice(start, end) + MATCH_END;
    cursor = end;
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
  const count = tokens.start.length;
  if (count === 0) return '';
  const matched = matchedTokens(tokens, terms);
  const size = Math.min(words, count);
  let inWindow = 0;
  for (let index = 0; index < size; index++) if (matched[index]) inWindow++;
  let best = { first: 0, count: inWindow };
  for (let first = 1; first + size <= count; first++) {
    if (matched[first - 1]) inWindow--;
    if (matched[first + size - 1]) inWindow++;
    if (inWindow > best.count) best = { first, count: inWindow };
  }
  const firstStart = tokens.start[best.first]!;
  const lastEnd = tokens.end[best.first + size - 1]!;
  // The punctuation touching the window's first and last words (a quote, a full stop) stays with them.
  const lead = /[^\p{L}\p{N}\s]*$/u.exec(text.slice(Math.max(0, firstStart - 32), firstStart))?.[0] ?? '';
  const tail = /^[^\p{L}\p{N}\s]*/u.exec(text.slice(lastEnd, lastEnd + 32))?.[0] ?? '';
  const ellipsisBefore = best.first > 0 ? '…' : '';
  const ellipsisAfter = best.first + size < count ? '…' : '';
  return (
    ellipsisBefore + markRange(text, tokens, matched, firstStart - lead.length, lastEnd + tail.length) + ellipsisAfter
  );
}
