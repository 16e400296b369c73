import { TRPCError } from '@trpc/server';
import { isHoneypotFilled } from '../../../domain/fields.js';
import { contactInputSchema, newsletterInputSchema, preorderInputSchema } from '../../../domain/submissions.schema.js';
import { createContactSubmission } from './contact-submissions-repository.js';
import { preorderRefusal } from '../../../domain/preorders.js';
import { findBook } from '../../content/books/books-repository.js';
import { checkInterests, interestChoices } from '../../newsletter/reader-interests.js';
import { findActiveGift, toPublicGift } from '../../newsletter/gift/gifts-repository.js';
import { setSubscriberInterests, subscribeToNewsletter } from '../../newsletter/subscriptions-repository.js';
import { createPreorder } from '../../newsletter/preorders/preorders-repository.js';
import { formProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { unknownReference } from '../../content/content-procedures.js';

/**
 * The three public forms. Answers carry only a message and the new record's id, never an
 * email back. A filled honeypot gets the same answer and stores nothing.
 */
export const contactRouter = router({
  send: formProcedure.input(contactInputSchema).mutation(async ({ ctx, input }) => {
    const { website, ...submission } = input;
    if (isHoneypotFilled(website)) return { message: 'Message sent' };
    const created = await createContactSubmission(ctx.db, submission);
    ctx.mailing.authorNotices.contactReceived(created, ctx.mailLinkOrigin);
    return { id: created.id, message: 'Message sent' };
  }),
});

/** Where a sign-up came from (list growth): `form:<page path>` from a page's form, else `api`. */
const signupSource = (page: string | undefined): string =>
  page !== undefined && /^\/[A-Za-z0-9\-._~/%]{0,200}$/.test(page) ? `form:${page}` : 'api';

export const newsletterRouter = router({
  /** The sign-up form's interest boxes and the active gift (null when none): shown only when there is one. */
  signupOptions: publicProcedure.query(async ({ ctx }) => {
    const gift = await findActiveGift(ctx.db);
    return { interests: await interestChoices(ctx.db), gift: gift ? toPublicGift(gift) : null };
  }),
  /**
   * The proof-of-work challenge the form solves before sending, while the site asks for one
   * (SIGNUP_CHALLENGE=on, or the hourly cap of confirmations being hit); null otherwise.
   */
  challenge: publicProcedure.query(async ({ ctx }) => ({ challenge: await ctx.signupChallenge.current() })),
  subscribe: formProcedure.input(newsletterInputSchema).mutation(async ({ ctx, input }) => {
    if (isHoneypotFilled(input.website)) return { message: 'Subscribed' };
    if (input.interests) await checkInterests(ctx.db, input.interests);
    // Without a solved challenge (no script, an old page, a bot) the sign-up still counts, but
    // its confirmation takes the slow lane (CONFIRMATIONS_WITHOUT_CHALLENGE_PER_HOUR).
    const unverified = (await ctx.signupChallenge.check(input.challenge)) === 'unsolved';
    const outcome = await subscribeToNewsletter(ctx.db, input.email, signupSource(input.page));
    if (outcome.kind === 'already-subscribed') {
      // Signing up again while unconfirmed sends the link again (spaced out by NewsletterMail).
      if (outcome.pending)
        ctx.newsletterMail.requestConfirmation(outcome.subscriptionId, ctx.mailLinkOrigin, {
          unverified,
          clientAddress: ctx.clientAddress,
        });
      throw new TRPCError({ code: 'CONFLICT', message: 'This email is already subscribed' });
    }
    if (input.interests) await setSubscriberInterests(ctx.db, outcome.subscription.id, input.interests);
    ctx.newsletterMail.requestConfirmation(outcome.subscription.id, ctx.mailLinkOrigin, {
      unverified,
      clientAddress: ctx.clientAddress,
    });
    return { id: outcome.subscription.id, message: outcome.kind === 'reactivated' ? 'Welcome back' : 'Subscribed' };
  }),
});

export const preordersRouter = router({
  create: formProcedure.input(preorderInputSchema).mutation(async ({ ctx, input }) => {
    const { website, ...preorder } = input;
    if (isHoneypotFilled(website)) return { message: 'Preorder received' };
    const book = await findBook(ctx.db, preorder.bookId);
    if (!book) throw unknownReference('The chosen book does not exist');
    // Only the book's own editions, and only before it is out.
    const refusal = preorderRefusal(book, preorder.preferredFormat);
    if (refusal) throw new TRPCError({ code: 'BAD_REQUEST', message: refusal });
    const created = await createPreorder(ctx.db, preorder);
    if (!created) throw unknownReference('The chosen book does not exist');
    ctx.mailing.authorNotices.preorderReceived(created, ctx.mailLinkOrigin);
    ctx.mailing.preorderMail.sendReceipt(created, book, ctx.mailLinkOrigin);
    return { id: created.id, message: 'Preorder received' };
  }),
});
