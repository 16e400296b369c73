import { z } from 'zod';

/**
 * Settings the admin changes at run time, stored in the site_settings table (one JSON value per
 * key). Each group has a schema whose defaults fill in keys that were never saved, so adding a
 * setting later needs no migration.
 */
export const mailSettingsSchema = z.object({
  /** Issues go only to subscribers who followed their confirmation link (or subscribed before double opt-in). */
  requireConfirmation: z.boolean({ error: 'Require confirmation must be true or false' }).default(true),
  /** A notice to AUTHOR_EMAIL for each new contact message (Reply-To: the visitor). */
  notifyAuthorOfContact: z.boolean({ error: 'Contact notices must be true or false' }).default(true),
  /** A notice to AUTHOR_EMAIL for each new preorder. */
  notifyAuthorOfPreorder: z.boolean({ error: 'Preorder notices must be true or false' }).default(true),
});

export type MailSettings = z.output<typeof mailSettingsSchema>;

/** An update: any subset of the settings. */
export const mailSettingsUpdateSchema = mailSettingsSchema.partial().strict();

export const MAIL_SETTINGS_KEY = 'mail';
