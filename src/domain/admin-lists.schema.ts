import { z } from 'zod';
import { enumField, idSchema, textWithEmptyDefault } from './fields.schema.js';
import { NEWSLETTER_STATUSES, type NewsletterStatus } from './submissions.js';
import { READER_STATES, type ReaderState } from './reader-states.js';

/**
 * The admin's long lists (subscribers, contact messages, preorders) are read a page at a time, newest first: a
 * page of at most `maxLimit` rows (`defaultLimit` when not asked), and an opaque cursor for the next one.
 */
export const ADMIN_PAGE = { defaultLimit: 100, maxLimit: 500, cursorLength: 300, search: 200 } as const;

export const BAD_CURSOR = 'Cursor is not one this list gave';

/** One page of a list; `nextCursor` is null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

const limitSchema = z
  .number({ error: 'Limit must be a number' })
  .int('Limit must be a whole number')
  .min(1, 'Limit must be at least 1')
  .max(ADMIN_PAGE.maxLimit, `Limit must be at most ${ADMIN_PAGE.maxLimit}`)
  .default(ADMIN_PAGE.defaultLimit);

const cursorSchema = z
  .string({ error: 'Cursor must be text' })
  .max(ADMIN_PAGE.cursorLength, BAD_CURSOR)
  .nullish()
  .transform((value) => value || null);

const pageFields = { limit: limitSchema, cursor: cursorSchema };

/** A page of contact messages or preorders. */
export const adminPageInputSchema = z.object(pageFields).default({ limit: ADMIN_PAGE.defaultLimit, cursor: null });
export type AdminPageInput = z.output<typeof adminPageInputSchema>;

/** A page of the admin's blog posts (every state), newest first; `search` narrows to titles containing it. */
export const blogAdminPageInputSchema = z
  .object({ ...pageFields, search: textWithEmptyDefault('Search', ADMIN_PAGE.search) })
  .default({ limit: ADMIN_PAGE.defaultLimit, cursor: null, search: '' });
export type BlogAdminPageInput = z.output<typeof blogAdminPageInputSchema>;

const viewIds = (what: string) =>
  z
    .array(idSchema, { error: `${what} must be a list of ids` })
    .max(ADMIN_PAGE.maxLimit, `Ask for the views of at most ${ADMIN_PAGE.maxLimit} ${what.toLowerCase()} at once`)
    .default([]);

/**
 * The posts and books whose page views of the last 30 days the admin asks for: the ones a list's page shows (each
 * list is read a page at a time, so at most a page's worth of ids).
 */
export const contentViewsInputSchema = z
  .object({ posts: viewIds('Posts'), books: viewIds('Books') })
  .default({ posts: [], books: [] });

/** Interest filter: subscribers who never chose (read as "everything"). */
export const NO_INTEREST_CHOSEN = 'none';
/** Source filter: subscribers whose source was not recorded. */
export const UNKNOWN_SOURCE = 'unknown';

/** Engagement filter: readers who clicked a link of an issue within ENGAGED_DAYS, or who did not. */
export const ENGAGEMENT_FILTERS = ['clicked', 'not-clicked'] as const;
export type EngagementFilter = (typeof ENGAGEMENT_FILTERS)[number];
export const ENGAGED_DAYS = 90;
export const ENGAGEMENT_LABELS: Record<EngagementFilter, string> = {
  clicked: `Clicked in the last ${ENGAGED_DAYS} days`,
  'not-clicked': `No click in the last ${ENGAGED_DAYS} days`,
};

/** A day, `YYYY-MM-DD` (a signed-up range's ends, both included, UTC). */
const dayField = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} is not a real date`,
    )
    .nullish()
    .transform((value) => value || null);

/** What narrows the subscriber list (and its counts): part of the address or name, an interest, a source… */
const subscriberFilterFields = {
  search: textWithEmptyDefault('Search', ADMIN_PAGE.search),
  /** An interest (`everything`, `new-releases`, `series:<id>`) or NO_INTEREST_CHOSEN; absent for any. */
  interest: z.string({ error: 'Interest must be text' }).max(100, 'Interest is too long').nullish(),
  /** A source (`form:/`, `api`, `import:Mailchimp`…) or UNKNOWN_SOURCE; absent for any. */
  source: z.string({ error: 'Source must be text' }).max(300, 'Source is too long').nullish(),
  /** Signed up on or after this day. */
  signedUpFrom: dayField('Signed up from'),
  /** Signed up on or before this day. */
  signedUpTo: dayField('Signed up to'),
  engaged: enumField('Engaged', ENGAGEMENT_FILTERS).nullish(),
};

const ORDERED_RANGE = {
  check: (value: { signedUpFrom?: string | null; signedUpTo?: string | null }) =>
    !value.signedUpFrom || !value.signedUpTo || value.signedUpFrom <= value.signedUpTo,
  message: { message: 'Signed up from must not be after signed up to', path: ['signedUpTo'] },
};

export const subscriberFiltersInputSchema = z
  .object(subscriberFilterFields)
  .refine(ORDERED_RANGE.check, ORDERED_RANGE.message)
  .default({ search: '', signedUpFrom: null, signedUpTo: null });
export type SubscriberFilters = z.output<typeof subscriberFiltersInputSchema>;

export const subscriberPageInputSchema = z
  .object({
    ...pageFields,
    ...subscriberFilterFields,
    /** The older status (pending, active, unsubscribed, bounced), kept for scripts; `state` is the admin's. */
    status: enumField('Status', NEWSLETTER_STATUSES).nullish(),
    /** The reader's state (src/domain/reader-states.ts), as the admin shows it. */
    state: enumField('State', READER_STATES).nullish(),
  })
  .refine(ORDERED_RANGE.check, ORDERED_RANGE.message)
  .default({ limit: ADMIN_PAGE.defaultLimit, cursor: null, search: '', signedUpFrom: null, signedUpTo: null });
export type SubscriberPageInput = z.output<typeof subscriberPageInputSchema>;

/** The subscriber list's counts by status and by state (for the filters given) and the sources and interests to filter by. */
export type SubscriberSummary = {
  counts: Record<NewsletterStatus | 'all', number>;
  states: Record<ReaderState, number>;
  sources: string[];
  interests: string[];
};
