import type { QueryTerm } from './fts5-query.js';
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
 * word. A page of hits holds tens of thousands of words, so the text is scanned by character code
 * and an ASCII word (most words, even in text with curly quotes or accents) is compared in place,
 * without a string per word; only a word with other characters is folded, once, when compared.
 */
type Tokens = {
  start: number[];
  end: number[];
  matches: (index: number, word: string, asPrefix: boolean) => boolean;
};

// FTS5's (and WORD's) letters: a word starts with a letter or digit and goes on through marks too.
const WORD_START = /^[\p{L}\p{N}]$/u;
const WORD_PART = /^[\p{L}\p{N}\p{M}]$/u;

const isAsciiWordChar = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

const asciiLower = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);

/** Whether text[from, to), all ASCII, is `word` (or starts with it) once lower-cased. */
function asciiWordMatches(text: string, from: number, to: number, word: string, asPrefix: boolean): boolean {
  const length = to - from;
  if (asPrefix ? length < word.length : length !== word.length) return false;
  for (let offset = 0; offset < word.length; offset++) {
    if (asciiLower(text.charCodeAt(from + offset)) !== word.charCodeAt(offset)) return false;
  }
  return true;
}

function tokensOf(text: string): Tokens {
  const start: number[] = [];
  const end: number[] = [];
  /** The folded word of each token that is not plain ASCII, by token index (null until first compared). */
  const folded = new Map<number, string | null>();
  let inWord = false;
  let wordIsAscii = true;
  const endWord = (at: number) => {
    end.push(at);
    if (!wordIsAscii) folded.set(end.length - 1, null);
    inWord = false;
  };
  for (let index = 0; index < text.length;) {
    const code = text.charCodeAt(index);
    let width = 1;
    let startsWord: boolean;
    let continuesWord: boolean;
    if (code < 128) {
      startsWord = continuesWord = isAsciiWordChar(code);
    } else {
      width = code >= 0xd800 && code <= 0xdbff && (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
      const character = text.slice(index, index + width);
      startsWord = WORD_START.test(character);
      continuesWord = startsWord || WORD_PART.test(character);
    }
    if (inWord && !continuesWord) endWord(index);
    else if (!inWord && startsWord) {
      start.push(index);
      inWord = true;
      wordIsAscii = true;
    }
    if (inWord && code >= 128) wordIsAscii = false;
    index += width;
  }
  if (inWord) endWord(text.length);
  return {
    start,
    end,
    matches: (index, word, asPrefix) => {
      if (!folded.has(index)) return asciiWordMatches(text, start[index]!, end[index]!, word, asPrefix);
      let foldedWord = folded.get(index);
      if (foldedWord == null) {
        foldedWord = foldForSearch(text.slice(start[index], end[index]));
        folded.set(index, foldedWord);
      }
      return asPrefix ? foldedWord.startsWith(word) : foldedWord === word;
    },
  };
}

/** For each word of the text, whether one of the terms matches it (alone or within a phrase). */
function matchedTokens(tokens: Tokens, terms: QueryTerm[]): boolean[] {
  const count = tokens.start.length;
  const matched = new Array<boolean>(count).fill(false);
  for (const term of terms) {
    const words = term.words.map(foldForSearch);
    for (let at = 0; at + words.length <= count; at++) {
      let offset = 0;
      while (offset < words.length && tokens.matches(at + offset, words[offset]!, term.prefix)) offset++;
      if (offset < words.length) continue;
      for (offset = 0; offset < words.length; offset++) matched[at + offset] = true;
    }
  }
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
