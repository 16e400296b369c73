import { z } from 'zod';
import { emailSchema, enumField, idSchema } from './fields.schema.js';
import { ARC_CAMPAIGN_STATES, ARC_GENRES, ARC_RETAILERS, arcLinkProblem, type ArcRetailer } from './arc.js';

/** An optional link of one retailer: blank is none; else the shape arcLinkProblem checks. */
const retailerLink = (retailer: ArcRetailer) =>
  z
    .string({ error: 'A link must be text' })
    .max(10_000_000)
    .transform((value) => value.trim())
    .superRefine((value, context) => {
      const problem = value ? arcLinkProblem(retailer, value) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .transform((value) => value || undefined);

export const arcLinksSchema = z.object(
  Object.fromEntries(ARC_RETAILERS.map((retailer) => [retailer, retailerLink(retailer)])) as Record<
    ArcRetailer,
    ReturnType<typeof retailerLink>
  >,
);
export type ArcLinks = Partial<Record<ArcRetailer, string>>;

const genresSchema = z
  .array(z.enum(ARC_GENRES, { error: `Genres must be among: ${ARC_GENRES.join(', ')}` }))
  .max(ARC_GENRES.length)
  .transform((list) => [...new Set(list)]);

/** An application (the /arc form): a confirmed subscriber's email, at least one profile link, the promise ticked. */
export const arcApplicationSchema = z.object({
  campaignId: idSchema,
  email: emailSchema,
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .min(1, 'Name is required (it goes on your copy)')
    .max(120, 'Name must be at most 120 characters'),
  profiles: arcLinksSchema.refine((links) => Object.values(links).some(Boolean), {
    message: 'Give at least one place you review (a profile link)',
  }),
  genres: genresSchema,
  promise: z.literal(true, { error: 'Tick the promise to apply' }),
});

const reviewBySchema = z.iso.datetime({
  error: 'Review by must be a date and time (ISO 8601, e.g. 2027-01-15T00:00:00Z)',
});

export const arcCampaignInputSchema = z.object({
  bookId: idSchema,
  editionFileId: idSchema.nullish().transform((value) => value ?? null),
  places: z
    .number({ error: 'Places must be a number' })
    .int('Places must be a whole number')
    .min(1, 'Places must be at least 1')
    .max(10_000, 'Places must be at most 10000'),
  reviewBy: reviewBySchema,
  promise: z
    .string({ error: 'Promise must be text' })
    .trim()
    .min(1, 'Promise is required')
    .max(2000, 'Promise must be at most 2000 characters'),
  state: enumField('State', ARC_CAMPAIGN_STATES).default('open'),
  holdBackNonReviewers: z.boolean({ error: 'Hold back non-reviewers must be true or false' }).default(false),
});
export type ArcCampaignInput = z.infer<typeof arcCampaignInputSchema>;

/**
 * An update: any subset of the fields. `state` and `holdBackNonReviewers` lose their defaults first: zod's
 * `.partial()` keeps a `.default()`, so an update that left them out would reopen the campaign and turn the
 * hold-back off.
 */
export const arcCampaignUpdateSchema = arcCampaignInputSchema
  .omit({ bookId: true })
  .extend({
    state: arcCampaignInputSchema.shape.state.unwrap(),
    holdBackNonReviewers: arcCampaignInputSchema.shape.holdBackNonReviewers.unwrap(),
  })
  .partial()
  .extend({ id: idSchema });

export const arcCampaignIdInput = z.object({ campaignId: idSchema });
export const arcSelectInput = z.object({
  campaignId: idSchema,
  applicationIds: z.array(idSchema).min(1, 'Choose at least one application').max(500, 'Choose at most 500 at once'),
});
export const arcSelectBestInput = z.object({
  campaignId: idSchema,
  count: z
    .number({ error: 'Count must be a number' })
    .int('Count must be a whole number')
    .min(1, 'Count must be at least 1')
    .max(500, 'Count must be at most 500'),
});
export const arcAddReaderInput = z.object({
  campaignId: idSchema,
  email: emailSchema,
  name: z.string().trim().max(120).optional(),
});
