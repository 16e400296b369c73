import { TRPCError } from '@trpc/server';
import { PASSWORD_CHANGED_MESSAGE } from '../../domain/admin-auth.js';
import { changePasswordInputSchema, loginInputSchema } from '../../domain/admin-auth.schema.js';
import { byIdInput } from '../../domain/fields.schema.js';
import {
  adminPageInputSchema,
  subscriberFiltersInputSchema,
  subscriberPageInputSchema,
} from '../../domain/admin-lists.schema.js';
import { deleteContactSubmission, listContactSubmissions } from '../site/contact/contact-submissions-repository.js';
import { bulkReaderInputSchema, updateReaderInputSchema } from '../../domain/readers.schema.js';
import { deleteNewsletterSubscription } from '../newsletter/subscriptions-repository.js';
import { listReaders, summarizeReaders } from '../newsletter/readers/readers-repository.js';
import { readerProfile } from '../newsletter/readers/reader-history.js';
import { bulkChangeReaders, updateReader } from '../newsletter/readers/reader-changes.js';
import { deletePreorder, listPreorders } from '../newsletter/preorders/preorders-repository.js';
import type { AppDatabase } from '../db/connection.js';
import { adminPasswordProcedure, adminProcedure, authFailure, loginProcedure, router } from '../trpc/trpc.js';
import { mailSetupGuideHtml } from '../newsletter/mail/mail-setup-guide.js';
import { pageKeyOf } from '../trpc/page-cursor.js';
import { eraseBuyer } from '../sales/buyer-erasure.js';
import { salesFileStoreOf } from '../sales/copies/sales-files.js';

/** An admin deletion of one submission: NOT_FOUND when it was already gone. */
function deletion(what: string, remove: (db: AppDatabase, id: string) => Promise<boolean>) {
  return adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if (!(await remove(ctx.db, input.id))) throw new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
  });
}

export const adminRouter = router({
  /** Exchanges the password for a session token the UI keeps instead of the password. */
  login: loginProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.auth.login(input.password, ctx.clientAddress);
    if (!result.ok) throw authFailure(result);
    if (!result.token || !result.expiresAt) throw authFailure({ ok: false, reason: 'invalid' });
    return { token: result.token, expiresAt: result.expiresAt };
  }),
  logout: adminProcedure.mutation(async ({ ctx }) => {
    await ctx.auth.logout(ctx.admin);
  }),
  verify: adminProcedure.query(() => ({ valid: true as const })),
  /** The admin's long lists, a page at a time (newest first); `nextCursor` asks for the next page. */
  contactSubmissions: adminProcedure
    .input(adminPageInputSchema)
    .query(({ ctx, input }) => listContactSubmissions(ctx.db, input, pageKeyOf(input.cursor))),
  newsletterSubscriptions: adminProcedure
    .input(subscriberPageInputSchema)
    .query(({ ctx, input }) => listReaders(ctx.db, input, pageKeyOf(input.cursor))),
  /** The subscriber list's counts by status and state for the filters given, and the sources and interests to filter by. */
  newsletterSummary: adminProcedure
    .input(subscriberFiltersInputSchema)
    .query(({ ctx, input }) => summarizeReaders(ctx.db, input)),
  /** One reader's profile: the row, totals and history. */
  subscriber: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const profile = await readerProfile(ctx.db, input.id);
    if (!profile) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subscriber not found' });
    return profile;
  }),
  /** Changes a reader's name, interests or status (a status needs a reason, kept in their history). */
  updateSubscriber: adminProcedure.input(updateReaderInputSchema).mutation(async ({ ctx, input }) => {
    const reader = await updateReader(ctx.db, input);
    if (!reader) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subscriber not found' });
    return reader;
  }),
  /** One action on many readers (at most a page's worth); answers how many it changed. */
  bulkSubscribers: adminProcedure
    .input(bulkReaderInputSchema)
    .mutation(({ ctx, input }) => bulkChangeReaders(ctx.db, input)),
  preorders: adminProcedure
    .input(adminPageInputSchema)
    .query(({ ctx, input }) => listPreorders(ctx.db, input, pageKeyOf(input.cursor))),
  deleteContactSubmission: deletion('Message', deleteContactSubmission),
  /**
   * Erases a subscriber on their request, and the same address as a buyer: its orders keep their
   * amounts and lose the name and email, their links stop (sales/buyer-erasure.ts).
   */
  deleteNewsletterSubscription: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    const email = await deleteNewsletterSubscription(ctx.db, input.id);
    if (email === null) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subscriber not found' });
    await eraseBuyer(ctx.db, salesFileStoreOf(ctx), email);
  }),
  deletePreorder: deletion('Preorder', deletePreorder),
  /** 'outbox' while no SMTP_URL is set: the admin says mail is saved, not sent. */
  mailStatus: adminProcedure.query(({ ctx }) => ({ delivery: ctx.mailer.delivery })),
  /** The mail setup section of docs/mail.md as HTML (null when the README is not deployed). */
  mailSetupGuide: adminProcedure.query(async () => ({ html: await mailSetupGuideHtml() })),
  changePassword: adminPasswordProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    const result = await ctx.auth.changePassword(input.currentPassword, input.newPassword, ctx.clientAddress);
    if (!result.ok) {
      throw result.reason === 'throttled' ? authFailure(result) : badCurrentPassword();
    }
    return { message: PASSWORD_CHANGED_MESSAGE };
  }),
});

/** 400, not 401: the admin is signed in; only the form's current-password field is wrong. */
function badCurrentPassword(): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
}
