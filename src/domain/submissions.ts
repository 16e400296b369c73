import { z } from 'zod';
import { emailSchema, enumField, honeypotField, idSchema, optionalText, requiredText } from './fields.js';
import { TEXT_LIMITS } from './limits.js';

export const CONTACT_MESSAGE_ROWS = 5;

export const contactInputSchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.name),
  email: emailSchema,
  message: requiredText('Message', TEXT_LIMITS.message),
  website: honeypotField,
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactSubmission = { id: string; name: string; email: string; message: string; createdAt: Date };

export const newsletterInputSchema = z.object({
  email: emailSchema,
  website: honeypotField,
});
export type NewsletterInput = z.input<typeof newsletterInputSchema>;
export type NewsletterSubscription = { id: string; email: string; isActive: boolean; createdAt: Date };

export const PREORDER_FORMATS = ['ebook', 'paperback', 'hardcover'] as const;
export type PreorderFormat = (typeof PREORDER_FORMATS)[number];
export const PREORDER_FORMAT_LABELS: Record<PreorderFormat, string> = {
  ebook: 'eBook',
  paperback: 'Paperback',
  hardcover: 'Hardcover',
};

export const preorderInputSchema = z.object({
  bookId: idSchema,
  customerName: requiredText('Full name', TEXT_LIMITS.name),
  customerEmail: emailSchema,
  preferredFormat: enumField('Preferred format', PREORDER_FORMATS),
  phoneNumber: optionalText('Phone number', TEXT_LIMITS.phone),
  specialRequests: optionalText('Special requests', TEXT_LIMITS.specialRequests),
  website: honeypotField,
});
export type PreorderInput = z.input<typeof preorderInputSchema>;
export type Preorder = {
  id: string;
  bookId: string;
  bookTitle: string;
  customerName: string;
  customerEmail: string;
  preferredFormat: string;
  phoneNumber: string | null;
  specialRequests: string | null;
  createdAt: Date;
};
