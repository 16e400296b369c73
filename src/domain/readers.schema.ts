import { z } from 'zod';
import { ADMIN_PAGE } from './admin-lists.schema.js';
import { enumField, idSchema, optionalText, requiredText } from './fields.schema.js';
import { interestsSchema } from './newsletter-interests.js';
import type { ReaderState } from './reader-states.js';
import type { SuppressionReason } from './suppressions.schema.js';
import type { NewsletterSubscription } from './submissions.js';

/**
 * The author's changes to a reader (the subscriber profile and the list's bulk actions). A status change needs a
 * reason, kept in the reader's history. The author can unsubscribe a reader (which puts the address on the
 * suppression list, as the reader's own unsubscribe does) or suppress it; only the reader can subscribe again
 * (the form asks them to confirm), so consent is never the author's to give.
 */
export const READER_LIMITS = { name: 200, reason: 500, bulk: ADMIN_PAGE.maxLimit, history: 50 } as const;

/** The statuses the author may set. */
const AUTHOR_STATUS_CHANGES = ['unsubscribed', 'suppressed'] as const;
export type AuthorStatusChange = (typeof AUTHOR_STATUS_CHANGES)[number];

const reasonField = requiredText('Reason', READER_LIMITS.reason);

export const updateReaderInputSchema = z
  .object({
    id: idSchema,
    /** Blank clears the name. */
    name: optionalText('Name', READER_LIMITS.name).optional(),
    interests: interestsSchema.optional(),
    status: enumField('Status', AUTHOR_STATUS_CHANGES).optional(),
    /** Why the status changed; required with `status`. */
    reason: optionalText('Reason', READER_LIMITS.reason).optional(),
  })
  .refine((input) => !input.status || input.reason, { message: 'Reason is required', path: ['reason'] })
  .refine((input) => input.name !== undefined || input.interests !== undefined || input.status !== undefined, {
    message: 'Nothing to change: give a name, interests or a status',
  });
export type UpdateReaderInput = z.output<typeof updateReaderInputSchema>;

const BULK_READER_ACTIONS = ['unsubscribe', 'add-interest', 'remove-interest', 'delete'] as const;
export type BulkReaderAction = (typeof BULK_READER_ACTIONS)[number];

const bulkIds = z
  .array(idSchema, { error: 'Ids must be a list of ids' })
  .min(1, 'Choose at least one reader')
  .max(READER_LIMITS.bulk, `Choose at most ${READER_LIMITS.bulk} readers at once`);

const singleInterest = interestsSchema.pipe(z.array(z.string()).length(1, 'Give one interest'));

export const bulkReaderInputSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('unsubscribe'), ids: bulkIds, reason: reasonField }),
    z.object({ action: z.literal('add-interest'), ids: bulkIds, interest: singleInterest }),
    z.object({ action: z.literal('remove-interest'), ids: bulkIds, interest: singleInterest }),
    z.object({ action: z.literal('delete'), ids: bulkIds }),
  ],
  { error: `Action must be one of: ${BULK_READER_ACTIONS.join(', ')}` },
);
export type BulkReaderInput = z.output<typeof bulkReaderInputSchema>;

/** How many of the chosen readers a bulk action changed (the others were gone or already so). */
export type BulkReaderResult = { changed: number };

/** A subscriber as the admin lists it: the stored row, its name and the one state (reader-states.ts). */
export type ReaderListItem = NewsletterSubscription & {
  name: string | null;
  state: ReaderState;
  /** The address's suppression entry, when it is on the list. */
  suppression: { reason: SuppressionReason; createdAt: Date; note: string | null } | null;
};

/** One line of a reader's history, newest first. */
export type ReaderEvent = {
  at: Date;
  kind:
    | 'signed-up'
    | 'confirmed'
    | 'unsubscribed'
    | 'bounced'
    | 'suppressed'
    | 'changed'
    | 'issue'
    | 'click'
    | 'gift'
    | 'preorder'
    | 'purchase';
  /** What happened, in words ("Received “Spring news”", "Clicked https://…"). */
  text: string;
};

/** What the profile shows besides the history: totals the history may only sample. */
type ReaderTotals = {
  issues: number;
  clicks: number;
  giftDownloads: number;
  preorders: number;
  purchases: number;
};

export type ReaderProfile = { reader: ReaderListItem; totals: ReaderTotals; history: ReaderEvent[] };
