import { z } from 'zod';
import { enumField, idSchema, requiredText } from './fields.js';
import { TEXT_LIMITS } from './limits.js';

export const SPOILER_LEVELS = ['none', 'minor', 'major'] as const;
export type SpoilerLevel = (typeof SPOILER_LEVELS)[number];
export const DEFAULT_SPOILER_LEVEL: SpoilerLevel = 'none';

export type SpoilerBadge = { label: string; color: 'green' | 'yellow' | 'red' | 'gray' };

const SPOILER_BADGES: Record<SpoilerLevel, SpoilerBadge> = {
  none: { label: 'No Spoilers', color: 'green' },
  minor: { label: 'Minor Spoilers', color: 'yellow' },
  major: { label: 'Major Spoilers', color: 'red' },
};

export function spoilerBadgeFor(level: string): SpoilerBadge {
  // Own keys only: a level such as 'toString' must not find Object.prototype's members.
  return Object.hasOwn(SPOILER_BADGES, level) ? SPOILER_BADGES[level as SpoilerLevel] : { label: 'Unknown', color: 'gray' };
}

export const excerptInputSchema = z.object({
  bookId: idSchema,
  title: requiredText('Title', TEXT_LIMITS.title),
  description: requiredText('Description', TEXT_LIMITS.description),
  content: requiredText('Content', TEXT_LIMITS.content),
  readTime: requiredText('Read time', TEXT_LIMITS.readTime),
  spoilerLevel: enumField('Spoiler level', SPOILER_LEVELS),
});
export type ExcerptInput = z.input<typeof excerptInputSchema>;
export type ExcerptData = z.output<typeof excerptInputSchema>;
export type Excerpt = ExcerptData & { id: string };

export const ADMIN_EXCERPT_PREVIEW_CHARS = 200;

export function excerptPreview(content: string): string {
  return content.length > ADMIN_EXCERPT_PREVIEW_CHARS
    ? `${content.slice(0, ADMIN_EXCERPT_PREVIEW_CHARS)}...`
    : content;
}
