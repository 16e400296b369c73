import { TRPCError } from '@trpc/server';
import { isHoneypotFilled } from '../../domain/fields.js';
import { newsletterInputSchema } from '../../domain/submissions.schema.js';
import { formProcedure, publicProcedure, router } from '../trpc/trpc.js';
import { findActiveGift, toPublicGift } from './gift/gifts-repository.js';
import { checkInterests, interestChoices } from './reader-interests.js';
import { setSubscriberInterests, subscribeToNewsletter } from './subscriptions-repository.js';

/** Where a sign-up came from (list growth): `form:<page path>` from a page's form, else `api`. */
const signupSource = (page: string | undefined): string =>
  page !== undefined && /^\/[A-Za-z0-9\-._~/%]{0,200}$/.test(page) ? `form:${page}` : 'api';

/**
 * The sign-up form: its options, its proof-of-work challenge and the sign-up itself. The answer carries
 * only a message and the new subscription's id, never an email back; a filled honeypot gets the same
 * answer and stores nothing.
 */
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
