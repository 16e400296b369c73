import { MAIL_SETTINGS_KEY, mailSettingsSchema, mailSettingsUpdateSchema } from '../../../domain/site-settings.js';
import { readSettings, updateSettings } from './site-settings-repository.js';
import { adminProcedure, router } from '../../trpc/trpc.js';

/** Settings the admin changes at run time (stored in site_settings). */
export const settingsRouter = router({
  /** The mail settings, and whether AUTHOR_EMAIL is set (the author's notices need it). */
  mail: adminProcedure.query(async ({ ctx }) => ({
    ...(await readSettings(ctx.db, MAIL_SETTINGS_KEY, mailSettingsSchema)),
    authorEmailConfigured: ctx.mailing.authorNotices.configured,
  })),
  updateMail: adminProcedure
    .input(mailSettingsUpdateSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, MAIL_SETTINGS_KEY, mailSettingsSchema, input)),
});
