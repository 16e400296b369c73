import { TRPCError } from '@trpc/server';
import { adminPageInputSchema, BAD_CURSOR } from '../../../domain/admin-lists.schema.js';
import { byIdInput } from '../../../domain/fields.schema.js';
import {
  issueArchiveInputSchema,
  issueBodyPreviewInputSchema,
  issueDraftInputSchema,
  sendIssueInputSchema,
  recipientCountInputSchema,
  scheduleWithPostInputSchema,
  sendTestInputSchema,
  sequenceEmailInputSchema,
} from '../../../domain/newsletter-issues.schema.js';
import { EVERYONE } from '../../../domain/newsletter-interests.js';
import type { NewsletterIssue } from '../../../domain/newsletter-issues.js';
import { checkAudience } from '../reader-interests.js';
import { findActiveGift } from '../gift/gifts-repository.js';
import { MAIL_SETTINGS_KEY, mailSettingsSchema } from '../../../domain/site-settings.js';
import { resumeSend, sendHealth } from '../../deliverability/send-health.js';
import { SuppressedAddressError } from '../../deliverability/suppressed-mailer.js';
import { issueBodyHtml } from './issue-email.js';
import {
  bookNoticeMailingId,
  countIssueRecipients,
  enqueueIssue,
  enqueuePreorderNotices,
  figuresByMailing,
  listFailures,
  retryFailedMessages,
} from '../send-queue/mail-queue-repository.js';
import {
  createIssueDraft,
  deleteIssueDraft,
  findIssue,
  listIssuePage,
  listSequence,
  NO_FIGURES,
  setIssueInArchive,
  saveSequenceEmail,
  scheduleIssueWithPost,
  unscheduleIssueWithPost,
  WELCOME_STEP,
  updateIssueDraft,
} from './newsletter-issues-repository.js';
import { loadIssueAssets } from './issue-assets.js';
import { listPreorderNoticeBooks } from '../preorders/preorders-repository.js';
import { readSettings } from '../../site/settings/site-settings-repository.js';
import type { AppDatabase } from '../../db/connection.js';
import { adminProcedure, found, router } from '../../trpc/trpc.js';

const requireConfirmation = async (db: AppDatabase) =>
  (await readSettings(db, MAIL_SETTINGS_KEY, mailSettingsSchema)).requireConfirmation;

/** The welcome email shows the active gift. */
const giftOf = async (db: AppDatabase, issue: NewsletterIssue) =>
  issue.sequenceStep === WELCOME_STEP ? ((await findActiveGift(db)) ?? null) : null;

const issueOrNotFound = async (db: AppDatabase, id: string) => found(await findIssue(db, id), 'Issue');

/** The admin's Mail tab: issues (drafts, previews, tests, sending) and the preorder notices. */
export const mailRouter = router({
  /** A page of the issues without their bodies (`issue` reads one whole), as the other admin lists are paged. */
  issues: adminProcedure.input(adminPageInputSchema).query(async ({ ctx, input }) => {
    const page = await listIssuePage(ctx.db, input);
    if (!page) throw new TRPCError({ code: 'BAD_REQUEST', message: BAD_CURSOR });
    return page;
  }),
  issue: adminProcedure.input(byIdInput).query(({ ctx, input }) => issueOrNotFound(ctx.db, input.id)),
  /** Creates a draft, or updates one (CONFLICT once it was sent: a sent issue never changes). */
  saveDraft: adminProcedure.input(issueDraftInputSchema).mutation(async ({ ctx, input }) => {
    const { id, ...draft } = input;
    if (id === undefined) return createIssueDraft(ctx.db, draft);
    const updated = await updateIssueDraft(ctx.db, id, draft);
    if (updated) return updated;
    await issueOrNotFound(ctx.db, id);
    throw new TRPCError({ code: 'CONFLICT', message: 'This issue was sent: it can no longer be edited' });
  }),
  deleteDraft: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if (await deleteIssueDraft(ctx.db, input.id)) return;
    await issueOrNotFound(ctx.db, input.id);
    throw new TRPCError({ code: 'CONFLICT', message: 'A sent issue cannot be deleted' });
  }),
  /** The body's HTML as the email shows it, for the composer's live preview (a POST: bodies are long). */
  previewBody: adminProcedure.input(issueBodyPreviewInputSchema).mutation(async ({ ctx, input }) => ({
    html: issueBodyHtml(input.body, ctx.siteOrigin, await loadIssueAssets(ctx.db, input.body)),
  })),
  /** The whole email exactly as sent (HTML and text parts, headers), with a sample unsubscribe link. */
  preview: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const issue = await issueOrNotFound(ctx.db, input.id);
    return ctx.mailing.issueMail.preview(issue, ctx.siteOrigin, {
      assets: await loadIssueAssets(ctx.db, issue.body),
      gift: await giftOf(ctx.db, issue),
    });
  }),
  sendTest: adminProcedure.input(sendTestInputSchema).mutation(async ({ ctx, input }) => {
    const issue = await issueOrNotFound(ctx.db, input.id);
    try {
      await ctx.mailing.issueMail.sendTest(issue, input.to, ctx.siteOrigin, {
        assets: await loadIssueAssets(ctx.db, issue.body),
        gift: await giftOf(ctx.db, issue),
      });
    } catch (error) {
      if (error instanceof SuppressedAddressError)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: error.message });
      const reason = error instanceof Error ? error.message : String(error);
      throw new TRPCError({ code: 'BAD_GATEWAY', message: `The relay did not take the test: ${reason}` });
    }
    return { message: `Test sent to ${input.to}` };
  }),
  /** Who an issue would go to now (the "Send to N subscribers" count). */
  recipientCount: adminProcedure.input(recipientCountInputSchema).query(async ({ ctx, input }) => {
    const confirmedOnly = await requireConfirmation(ctx.db);
    const audience = input?.audience ?? EVERYONE;
    await checkAudience(ctx.db, audience);
    return {
      count: await countIssueRecipients(ctx.db, confirmedOnly, audience),
      confirmedOnly,
      /** Who the count is of: a book's preorder customers get a preorder update, not the newsletter. */
      recipients: audience.kind === 'preordered' ? ('preorder-customers' as const) : ('subscribers' as const),
    };
  }),
  /** Sends a draft to everyone, or to the audience given (a series' readers, new releases, a book's preorders). */
  send: adminProcedure.input(sendIssueInputSchema).mutation(async ({ ctx, input }) => {
    if (input.audience) await checkAudience(ctx.db, input.audience);
    const result = await enqueueIssue(ctx.db, {
      issueId: input.id,
      requireConfirmation: await requireConfirmation(ctx.db),
      expectedRecipients: input.expectedRecipients,
      siteOrigin: ctx.siteOrigin,
      audience: input.audience ?? EVERYONE,
    });
    if (result.kind === 'not-a-draft') {
      const issue = await issueOrNotFound(ctx.db, input.id);
      if (issue.sequenceStep !== null)
        throw new TRPCError({ code: 'CONFLICT', message: 'The welcome sequence is sent on confirmation, not by hand' });
      throw new TRPCError({ code: 'CONFLICT', message: 'This issue was already sent' });
    }
    if (result.kind === 'count-changed')
      throw new TRPCError({
        code: 'CONFLICT',
        message: `The number of subscribers changed to ${result.count}: check and confirm again`,
      });
    // An issue listed in the web archive appears there now.
    ctx.cache.clear();
    return { queued: result.count };
  }),
  /**
   * Sends a draft together with its post, scheduled: the job that publishes the post sends the issue to whoever is
   * in the audience then. Rescheduling the post moves the issue with it; taking the post back to a draft or
   * deleting it leaves the issue a plain draft.
   */
  scheduleWithPost: adminProcedure.input(scheduleWithPostInputSchema).mutation(async ({ ctx, input }) => {
    const audience = input.audience ?? EVERYONE;
    await checkAudience(ctx.db, audience);
    const result = await scheduleIssueWithPost(ctx.db, input.id, { audience, siteOrigin: ctx.siteOrigin });
    if (result === 'not-a-draft') {
      const issue = await issueOrNotFound(ctx.db, input.id);
      throw new TRPCError({
        code: 'CONFLICT',
        message: issue.status === 'sequence' ? 'The welcome sequence is sent on confirmation' : 'This issue was sent',
      });
    }
    if (result === 'no-post')
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'This issue sends no post: send it now instead' });
    if (result === 'post-not-scheduled')
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: 'Its post is not scheduled: send the issue now' });
    return issueOrNotFound(ctx.db, input.id);
  }),
  /** The draft no longer goes out with its post (it stays a draft). */
  unscheduleWithPost: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    if (!(await unscheduleIssueWithPost(ctx.db, input.id))) {
      await issueOrNotFound(ctx.db, input.id);
      throw new TRPCError({ code: 'CONFLICT', message: 'This issue is not set to go out with its post' });
    }
    return issueOrNotFound(ctx.db, input.id);
  }),
  /** Lists a sent issue in the public web archive (/newsletter/archive), or takes it out. */
  setInArchive: adminProcedure.input(issueArchiveInputSchema).mutation(async ({ ctx, input }) => {
    if (!(await setIssueInArchive(ctx.db, input.id, input.inArchive))) {
      const issue = await issueOrNotFound(ctx.db, input.id);
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          issue.status === 'sequence'
            ? 'A welcome email or follow-up is sent to each reader on joining and is never listed in the archive'
            : 'A draft is listed in the archive once it is sent',
      });
    }
    ctx.cache.clear();
    return issueOrNotFound(ctx.db, input.id);
  }),
  /** The welcome email and its follow-ups, each with its figures (the welcome email is made on first use). */
  sequence: adminProcedure.query(({ ctx }) => listSequence(ctx.db)),
  saveSequenceEmail: adminProcedure
    .input(sequenceEmailInputSchema)
    .mutation(({ ctx, input }) => saveSequenceEmail(ctx.db, input)),
  /** Live progress of a sent issue, with the failures and their reasons. */
  progress: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const issue = await issueOrNotFound(ctx.db, input.id);
    return {
      status: issue.status,
      figures: issue.figures,
      failures: await listFailures(ctx.db, issue.id),
      health: await sendHealth(ctx.db, issue.id),
    };
  }),
  /** Resumes a send paused for its bounce or complaint rate (it is not paused automatically again). */
  resumeSend: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    await issueOrNotFound(ctx.db, input.id);
    if (!(await resumeSend(ctx.db, input.id)))
      throw new TRPCError({ code: 'CONFLICT', message: 'This send is not paused' });
    return { resumed: true };
  }),
  retryFailed: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    await issueOrNotFound(ctx.db, input.id);
    return { retried: await retryFailedMessages(ctx.db, input.id) };
  }),
  /** Published books with preorders: how many are still to be told, and the notices' progress. */
  preorderNotices: adminProcedure.query(async ({ ctx }) => {
    const books = await listPreorderNoticeBooks(ctx.db);
    const figures = await figuresByMailing(
      ctx.db,
      books.map((book) => bookNoticeMailingId(book.bookId)),
    );
    return books.map((book) => ({ ...book, figures: figures.get(bookNoticeMailingId(book.bookId)) ?? NO_FIGURES }));
  }),
  notifyPreorders: adminProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    const book = (await listPreorderNoticeBooks(ctx.db)).find((candidate) => candidate.bookId === input.id);
    if (!book) throw new TRPCError({ code: 'NOT_FOUND', message: 'No published book with preorders has this id' });
    return { queued: await enqueuePreorderNotices(ctx.db, input.id, ctx.siteOrigin) };
  }),
});
