import { z } from 'zod';
import { emailSchema, idSchema, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { audienceSchema } from './newsletter-interests.js';

export const ISSUE_LIMITS = { subject: 200, preheader: 200, body: 100_000 } as const;

/** A draft as the composer saves it; `id` absent creates one. */
export const issueDraftInputSchema = z.object({
  id: idSchema.optional(),
  subject: requiredText('Subject', ISSUE_LIMITS.subject),
  preheader: textWithEmptyDefault('Preheader', ISSUE_LIMITS.preheader),
  body: z
    .string({ error: 'Body must be text' })
    .max(ISSUE_LIMITS.body, `Body must be at most ${ISSUE_LIMITS.body} characters`),
  /** The blog post the issue is sent for; absent keeps what the draft had. */
  postId: idSchema.nullish(),
  /** List the issue in the public web archive once sent. */
  inArchive: z.boolean({ error: 'Web archive must be true or false' }).optional(),
});

/** Lists a sent issue in the public web archive, or takes it out. */
export const issueArchiveInputSchema = z.object({
  id: idSchema,
  inArchive: z.boolean({ error: 'Web archive must be true or false' }),
});

/** One issue's public page: in the archive, or opened by its signed "view in browser" key. */
export const archivedIssueInputSchema = z.object({
  id: idSchema,
  key: z.string({ error: 'Key must be text' }).max(300, 'Key must be at most 300 characters').optional(),
});

/** The body alone, for the live preview. */
export const issueBodyPreviewInputSchema = z.object({
  body: z
    .string({ error: 'Body must be text' })
    .max(ISSUE_LIMITS.body, `Body must be at most ${ISSUE_LIMITS.body} characters`),
});

export const sendTestInputSchema = z.object({ id: idSchema, to: emailSchema });

/** `expectedRecipients`: the N the admin confirmed; a different count now is refused (the list changed). */
export const sendIssueInputSchema = z.object({
  id: idSchema,
  expectedRecipients: z.number({ error: 'Expected recipients must be a number' }).int().min(0).max(10_000_000),
  /** Optional: everyone when absent. */
  audience: audienceSchema.optional(),
});

/** Sends a draft with its scheduled post, when the post is published (to everyone when `audience` is absent). */
export const scheduleWithPostInputSchema = z.object({ id: idSchema, audience: audienceSchema.optional() });

/** The "Send to N subscribers" count for an audience (everyone when absent). */
export const recipientCountInputSchema = z.object({ audience: audienceSchema.optional() }).optional();

export const MAX_FOLLOW_UPS = 3;
export const MAX_FOLLOW_UP_DELAY_DAYS = 365;

/** A welcome-sequence email as the composer saves it: step 0 is the welcome email, 1–3 follow-ups. */
export const sequenceEmailInputSchema = z.object({
  step: z.number({ error: 'Step must be a number' }).int().min(0).max(MAX_FOLLOW_UPS),
  subject: requiredText('Subject', ISSUE_LIMITS.subject),
  preheader: textWithEmptyDefault('Preheader', ISSUE_LIMITS.preheader),
  body: z
    .string({ error: 'Body must be text' })
    .max(ISSUE_LIMITS.body, `Body must be at most ${ISSUE_LIMITS.body} characters`),
  delayDays: z
    .number({ error: 'Delay must be a number of days' })
    .int('Delay must be a whole number of days')
    .min(0, 'Delay must be at least 0 days')
    .max(MAX_FOLLOW_UP_DELAY_DAYS, `Delay must be at most ${MAX_FOLLOW_UP_DELAY_DAYS} days`),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
