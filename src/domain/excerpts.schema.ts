import { z } from 'zod';
import { CONTENT_FORMATS, DEFAULT_CONTENT_FORMAT } from './content-format.js';
import { SPOILER_LEVELS } from './excerpts.js';
import { enumField, idSchema, optionalText, requiredText } from './fields.schema.js';
import { TEXT_LIMITS } from './limits.js';
import { looksLikeId, MAX_SLUG_LENGTH, SLUG_MESSAGE, SLUG_PATTERN } from './slugs.js';

const SLUG_LOOKS_LIKE_EXCERPT_ID = 'Slug may not look like an excerpt id';

export const excerptInputSchema = z.object({
  bookId: idSchema,
  title: requiredText('Title', TEXT_LIMITS.title),
  description: requiredText('Description', TEXT_LIMITS.description),
  content: requiredText('Content', TEXT_LIMITS.content),
  readTime: requiredText('Read time', TEXT_LIMITS.readTime),
  spoilerLevel: enumField('Spoiler level', SPOILER_LEVELS),
  /** Missing: Markdown. 'plain' keeps the text of before Markdown (each line a paragraph). */
  contentFormat: enumField('Content format', CONTENT_FORMATS).default(DEFAULT_CONTENT_FORMAT),
  /** The page's address, /excerpts/<slug>. Blank or missing: made from the title on create, kept on update. */
  slug: optionalText('Slug', MAX_SLUG_LENGTH)
    .refine((slug) => slug === null || SLUG_PATTERN.test(slug), SLUG_MESSAGE)
    .refine((slug) => slug === null || !looksLikeId(slug), SLUG_LOOKS_LIKE_EXCERPT_ID),
});
export type ExcerptInput = z.input<typeof excerptInputSchema>;
export type ExcerptData = z.output<typeof excerptInputSchema>;
/** `position`: 1, 2, 3… within the book, the reading order (set by moving excerpts, not by the form). */
export type Excerpt = Omit<ExcerptData, 'slug'> & { id: string; position: number; slug: string };

/**
 * An excerpt as the lists of the site show it (`excerpts.cards`): no text, so a page of them stays small however
 * long the excerpts are; `preview` is the text's first 200 characters as plain text.
 */
export type ExcerptCard = Pick<
  Excerpt,
  'id' | 'slug' | 'bookId' | 'title' | 'description' | 'readTime' | 'position'
> & {
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
