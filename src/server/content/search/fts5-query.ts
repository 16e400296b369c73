import { SEARCH_QUERY_MAX_LENGTH } from '../../../domain/search.js';

/**
 * More words than this add nothing a reader needs and only cost time (each common word multiplies
 * the work of ranking and of the snippet); the rest are dropped.
 */
export const MAX_QUERY_TERMS = 6;
/**
 * The last word matches as a prefix only from this many characters: a single letter would expand
 * to every word starting with it (`t*`: the, to, that, they…), the costliest query there is.
 */
const MIN_PREFIX_LENGTH = 2;

function matchesAsPrefix(term: QueryTerm): boolean {
  return !term.phrase && [...(term.words[0] ?? '')].length >= MIN_PREFIX_LENGTH;
}

/** A run of letters and digits (with their combining marks): what SQLite's unicode61 tokenizer calls a token. */
export const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** A phrase the reader put in double quotes. */
const QUOTED = /"([^"]*)"/g;

/** A word or a quoted phrase; `prefix`: its last word also matches the words it begins (the last term only). */
export type QueryTerm = { words: string[]; phrase: boolean; prefix: boolean };

function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/**
 * The reader's terms in order (at most MAX_QUERY_TERMS): each quoted phrase as one term, every
 * other word as its own. Words hold letters, digits and marks only. The last term also matches as
 * a prefix (search as you type), unless it is a phrase, words were dropped after it (it is not the
 * word being typed then) or it is shorter than MIN_PREFIX_LENGTH.
 */
export function queryTerms(query: string): QueryTerm[] {
  const terms = allTerms(query);
  const kept = terms.slice(0, MAX_QUERY_TERMS);
  const last = kept.at(-1);
  if (last && terms.length === kept.length && matchesAsPrefix(last)) last.prefix = true;
  return kept;
}

function allTerms(query: string): QueryTerm[] {
  const input = query.slice(0, SEARCH_QUERY_MAX_LENGTH * 2).normalize('NFC');
  const terms: QueryTerm[] = [];
  let rest = 0;
  for (const match of input.matchAll(QUOTED)) {
    for (const word of wordsOf(input.slice(rest, match.index)))
      terms.push({ words: [word], phrase: false, prefix: false });
    const words = wordsOf(match[1] ?? '').slice(0, MAX_QUERY_TERMS);
    if (words.length > 0) terms.push({ words, phrase: words.length > 1, prefix: false });
    rest = match.index + match[0].length;
  }
  for (const word of wordsOf(input.slice(rest))) terms.push({ words: [word], phrase: false, prefix: false });
  return terms;
}

/**
 * Turns whatever a reader typed into an FTS5 query that cannot be a syntax error: every word is
 * a double-quoted string (so AND, OR, NOT, NEAR, `*`, `^`, `:` column filters and parentheses are
 * just text), a "quoted phrase" stays a phrase, all terms must match, and the last word also
 * matches as a prefix (search as you type) from MIN_PREFIX_LENGTH characters. Null when nothing searchable is left.
 */
export function toFts5Query(input: string): string | null {
  const terms = queryTerms(input);
  if (terms.length === 0) return null;
  return terms
    .map((term) => {
      // Words hold letters, digits and marks only, so no quote can end the string early.
      const quoted = `"${term.words.join(' ')}"`;
      return term.prefix ? `${quoted}*` : quoted;
    })
    .join(' ');
}
