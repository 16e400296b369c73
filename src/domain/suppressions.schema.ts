import { z } from 'zod';
import { emailSchema, enumField, optionalText, requiredText, textWithEmptyDefault } from './fields.schema.js';

/** Why an address is never mailed again. */
export const SUPPRESSION_REASONS = ['bounce', 'complaint', 'unsubscribed', 'manual'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  bounce: 'Bounced',
  complaint: 'Spam complaint',
  unsubscribed: 'Unsubscribed',
  manual: 'Added by hand',
};

export const SUPPRESSION_LIMITS = { note: 500, removalReason: 500, search: 200, pageSize: 100 } as const;

export type Suppression = {
  email: string;
  reason: SuppressionReason;
  createdAt: Date;
  issueId: string | null;
  /** The issue's subject, when the issue still exists. */
  issueSubject: string | null;
  note: string | null;
};

export const listSuppressionsInputSchema = z
  .object({
    search: textWithEmptyDefault('Search', SUPPRESSION_LIMITS.search),
    offset: z.number({ error: 'Offset must be a number' }).int().min(0).max(10_000_000).default(0),
  })
  .default({ search: '', offset: 0 });

/** The author adds an address by hand (or a script through the REST route). */
export const addSuppressionInputSchema = z.object({
  email: emailSchema,
  reason: enumField('Reason', SUPPRESSION_REASONS).default('manual'),
  note: optionalText('Note', SUPPRESSION_LIMITS.note),
});

/** Taking an address off the list needs a reason, kept in the removal log. */
export const removeSuppressionInputSchema = z.object({
  email: emailSchema,
  reason: requiredText('Reason', SUPPRESSION_LIMITS.removalReason),
});
