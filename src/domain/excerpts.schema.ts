import { z } from 'zod';
import { CONTENT_FORMATS, DEFAULT_CONTENT_FORMAT } from './content-format.js';
import { SPOILER_LEVELS } from './excerpts.js';
import { enumField, idSchema, requiredText } from './fields.schema.js';
import { TEXT_LIMITS } from './limits.js';

export const excerptInputSchema = z.object({
  bookId: idSchema,
  title: requiredText('Title', TEXT_LIMITS.title),
  description: requiredText('Description', TEXT_LIMITS.description),
  content: requiredText('Content', TEXT_LIMITS.content),
  readTime: requiredText('Read time', TEXT_LIMITS.readTime),
  spoilerLevel: enumField('Spoiler level', SPOILER_LEVELS),
  /** Missing: Markdown. 'plain' keeps the text of before Markdown (each line a paragraph). */
  contentFormat: enumField('Content format', CONTENT_FORMATS).default(DEFAULT_CONTENT_FORMAT),
});
export type ExcerptInput = z.input<typeof excerptInputSchema>;
export type ExcerptData = z.output<typeof excerptInputSchema>;
/** `position`: 1, 2, 3… within the book, the reading order (set by moving excerpts, not by the form). */
export type Excerpt = ExcerptData & { id: string; position: number };

/**
 * An excerpt as the lists of the site show it (`excerpts.cards`): no text, so a page of them stays small however
 * long the excerpts are; `preview` is the text's first 200 characters as plain text.
 */
export type ExcerptCard = Pick<Excerpt, 'id' | 'bookId' | 'title' | 'description' | 'readTime' | 'position'> & {
  spoilerLevel: Excerpt['spoilerLevel'];
  preview: string;
};

const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/** Moves an excerpt one place earlier ('up') or later ('down') in its book. */
export const moveExcerptInput = z.object({
  id: idSchema,
  direction: enumField('Direction', MOVE_DIRECTIONS),
});
