import { z } from 'zod';
import { idSchema } from './fields.schema.js';
import { EVERYTHING, NEW_RELEASES } from './exclusive-interests.js';

/**
 * What a reader asked to hear about: everything, new releases only, or a series (by id).
 * A subscriber who never chose (older rows, or the boxes left empty) is read as "everything".
 */
export { EVERYTHING, NEW_RELEASES };
const SERIES_PREFIX = 'series:';

export const seriesInterest = (seriesId: string): string => `${SERIES_PREFIX}${seriesId}`;
export const seriesIdOfInterest = (interest: string): string | null =>
  interest.startsWith(SERIES_PREFIX) ? interest.slice(SERIES_PREFIX.length) : null;

/** Ids stay plain (letters, digits, hyphens): they are matched inside the stored JSON. */
const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;

const interestSchema = z
  .string({ error: 'Each interest must be text' })
  .refine(
    (value) => value === EVERYTHING || value === NEW_RELEASES || SAFE_ID.test(seriesIdOfInterest(value) ?? ''),
    'Interests are "everything", "new-releases" or "series:<id>"',
  );

const MAX_INTERESTS = 30;
export const EXCLUSIVE_INTERESTS_MESSAGE = 'Choose “Everything” or “New releases only”, not both';

/**
 * A reader's interests, each once, in a stable order. One ticked box of a form posted without
 * script arrives as a single value, taken as a list of one.
 */
export const interestsSchema = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z
    .array(interestSchema, { error: 'Interests must be a list' })
    .max(MAX_INTERESTS, `At most ${MAX_INTERESTS} interests`)
    .refine((list) => !(list.includes(EVERYTHING) && list.includes(NEW_RELEASES)), EXCLUSIVE_INTERESTS_MESSAGE)
    .transform((list) => [...new Set(list)].sort()),
);

/** Who an issue goes to: every subscriber, or a group. */
export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('everyone') }),
    z.object({ kind: z.literal('series'), seriesId: idSchema.regex(SAFE_ID, 'Unknown series') }),
    z.object({ kind: z.literal('new-releases') }),
    z.object({ kind: z.literal('preordered'), bookId: idSchema }),
  ],
  { error: 'Audience must be everyone, series, new-releases or preordered' },
);
export type Audience = z.infer<typeof audienceSchema>;
export const EVERYONE: Audience = { kind: 'everyone' };

/** The interest a group of readers shares (preorder groups come from the preorders instead). */
export function interestOfAudience(audience: Audience): string | null {
  if (audience.kind === 'series') return seriesInterest(audience.seriesId);
  if (audience.kind === 'new-releases') return NEW_RELEASES;
  return null;
}

export function interestLabel(interest: string, series: ReadonlyMap<string, string>): string {
  if (interest === EVERYTHING) return 'Everything';
  if (interest === NEW_RELEASES) return 'New releases only';
  const id = seriesIdOfInterest(interest);
  return (id && series.get(id)) || 'A removed series';
}

/** How long "pause for a month" holds issues back. */
export const PAUSE_DAYS = 30;
