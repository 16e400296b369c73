import type { CommentSettings } from '../../domain/comments.schema.js';
import type { CommentTarget } from './comment-targets.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the text holds a word of the author's list (whole words, any case, accents as written). */
export function containsBlockedWord(body: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const text = ` ${body.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return words.some((word) => {
    const folded = word
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    return folded !== '' && text.includes(` ${folded} `);
  });
}

/** Comments close `closeAfterDays` after a post's publication (never for 0, never for excerpts). */
export function isClosedByAge(target: CommentTarget, settings: CommentSettings, now: number): boolean {
  if (settings.closeAfterDays === 0 || !target.publishedAt) return false;
  return Date.parse(target.publishedAt) + settings.closeAfterDays * DAY_MS < now;
}
