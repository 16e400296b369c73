import { z } from 'zod';
import { POW_FIELD_MAX_LENGTH } from './proof-of-work.js';
import { emailSchema, enumField, honeypotField, idSchema, optionalText, requiredText } from './fields.schema.js';
import { TEXT_LIMITS } from './limits.js';
import { interestsSchema } from './newsletter-interests.js';
import { PREORDER_FORMATS } from './submissions.js';

export const contactInputSchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.name),
  email: emailSchema,
  message: requiredText('Message', TEXT_LIMITS.message),
  website: honeypotField,
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const newsletterInputSchema = z.object({
  email: emailSchema,
  /** Optional: what the reader wants to hear about (see newsletter-interests.ts). */
  interests: interestsSchema.optional(),
  website: honeypotField,
  /** The page whose form was used (list growth by sign-up page); without it the sign-up came through the API. */
  page: z.string().max(300).optional(),
  /** The solved proof-of-work challenge (proof-of-work.ts), while the site asks for one. */
  challenge: z.string().max(POW_FIELD_MAX_LENGTH, 'Challenge is too long').optional(),
});
export type NewsletterInput = z.input<typeof newsletterInputSchema>;

export const preorderInputSchema = z.object({
  bookId: idSchema,
  customerName: requiredText('Full name', TEXT_LIMITS.name),
  customerEmail: emailSchema,
  preferredFormat: enumField('Preferred format', PREORDER_FORMATS),
  phoneNumber: optionalText('Phone number', TEXT_LIMITS.phone),
  specialRequests: optionalText('Special requests', TEXT_LIMITS.specialRequests),
  website: honeypotField,
});
