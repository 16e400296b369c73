import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { limitPagesPerAddress } from '../site/rate-limit/page-limit.js';
import {
  confirmSubscription,
  findSubscriptionEmail,
  isConfirmationPending,
  isConfirmedSubscriber,
  unsubscribeFromNewsletter,
} from './subscriptions-repository.js';
import { createRequestContext } from '../trpc/context.js';
import type { AppServices } from '../services.js';
import { startWelcomeSequence, withGiftBlock } from './welcome-sequence.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import { type NoticePage, type NoticePageStyles, sendNoticePage, tokenOf } from './notice-page.js';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './unsubscribe-links.js';
import { NoMailLinkOrigin } from '../site/http/site-origin.js';

/** What a mail client's one-click POST may carry: a short form, read as text and not needed. */
const ONE_CLICK_BODY_LIMIT = 4096;

const SUBSCRIBE_AGAIN = { href: '/#newsletter', text: 'Subscribe again' };
const HOME = { href: '/', text: 'Back to the site' };
/** Where a new subscriber goes next: into the site. */
const INTO_THE_SITE = [
  { href: '/books', text: 'Browse the books' },
  { href: '/excerpts', text: 'Read an excerpt' },
];

const PAGES = {
  confirmed: {
    title: 'Subscribed',
    heading: "You're in",
    paragraphs: [
      'Successfully subscribed! Your subscription is confirmed. The next writ from the Cinderwake Cycle will find you.',
    ],
    link: HOME,
    links: INTO_THE_SITE,
  },
  expired: {
    title: 'Link expired',
    heading: 'This link has expired — subscribe again',
    paragraphs: ['A confirmation link confirms for three days. Sign up again and a fresh one is on its way.'],
    link: SUBSCRIBE_AGAIN,
  },
  badUnsubscribe: {
    title: 'Link not valid',
    heading: 'This unsubscribe link is not valid',
    paragraphs: ['Use the link from the newsletter email itself, or write to the author from the contact page.'],
    link: { href: '/contact', text: 'Contact' },
  },
  unsubscribed: {
    title: 'Unsubscribed',
    heading: "You're unsubscribed",
    paragraphs: ['No more newsletters will be sent to this address. You can subscribe again at any time.'],
    link: SUBSCRIBE_AGAIN,
  },
} satisfies Record<string, NoticePage>;

/** The confirm page of a valid, unused link: it asks, and its button's POST confirms. */
function confirmQuestion(token: unknown): NoticePage {
  return {
    title: 'Confirm your subscription',
    heading: 'One last step',
    paragraphs: ['Press the button to confirm your subscription to the Cinderwake Cycle newsletter.'],
    form: {
      action: `${CONFIRM_PATH}?token=${encodeURIComponent(String(token))}`,
      fields: {},
      button: 'Confirm my subscription',
    },
    link: HOME,
  };
}

/**
 * The pages the newsletter's email links open, in the site's header and fonts.
 *
 * Confirm: mail scanners (Safe Links and the like) open links before the reader does, so GET
 * only asks and the page's button (a POST) confirms; a link whose subscriber is already
 * confirmed answers "You're in" again, however often it is opened. Any other link answers the
 * expired page (400 when it is not this site's, 410 when expired or used) and changes nothing.
 * Unsubscribe: GET only asks (link scanners never unsubscribe anyone); POST, from that page's
 * button or a mail client's RFC 8058 one-click, unsubscribes, and again is harmless.
 */
export async function registerNewsletterPages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles: NoticePageStyles = { stylesheets: [] },
): Promise<void> {
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply, status, notice, styles);
  // The loose read limit, even for the POST: a mail provider's one-click requests for many
  // subscribers come from the same few addresses.
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);

  /** The page a confirmation link answers; `confirm` is the button's POST. */
  const answerConfirmLink = async (request: FastifyRequest, reply: FastifyReply, confirm: boolean) => {
    const check = tokens.checkConfirmToken(tokenOf(request), Date.now());
    if (!check.ok && check.reason === 'invalid') return page(reply, 400, PAGES.expired);
    const { subscriptionId, nonce } = check.claim;
    if (check.ok) {
      if (confirm && (await confirmSubscription(services.db, subscriptionId, nonce))) {
        // The welcome email (and its follow-ups) go out with links to the site's trusted origin only.
        const origin = createRequestContext(services, request).mailLinkOrigin;
        if (!origin) request.log.error({ err: new NoMailLinkOrigin() }, 'welcome email not sent');
        const welcome = origin ? await startWelcomeSequence(services.db, subscriptionId, origin) : { gift: null };
        return page(reply, 200, withGiftBlock(PAGES.confirmed, welcome.gift));
      }
      if (!confirm && (await isConfirmationPending(services.db, subscriptionId, nonce)))
        return page(reply, 200, confirmQuestion(tokenOf(request)));
    }
    // Used (by the reader, a scanner or a double press) or expired: fine if they are in.
    if (await isConfirmedSubscriber(services.db, subscriptionId)) return page(reply, 200, PAGES.confirmed);
    return page(reply, 410, PAGES.expired);
  };

  // No HEAD twin: a link checker's HEAD learns nothing.
  app.get(CONFIRM_PATH, { exposeHeadRoute: false, preHandler: limited }, (request, reply) =>
    answerConfirmLink(request, reply, false),
  );

  app.get(UNSUBSCRIBE_PATH, { preHandler: limited }, async (request, reply) => {
    const check = tokens.checkUnsubscribeToken(tokenOf(request));
    if (!check.ok) return page(reply, 400, PAGES.badUnsubscribe);
    const email = await findSubscriptionEmail(services.db, check.claim.subscriptionId);
    if (email === undefined) return page(reply, 200, PAGES.unsubscribed);
    return page(reply, 200, {
      title: 'Unsubscribe',
      heading: 'Unsubscribe from the newsletter?',
      paragraphs: [`No more newsletters will be sent to ${email}.`],
      form: {
        action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(String(tokenOf(request)))}`,
        fields: { 'List-Unsubscribe': 'One-Click' },
        button: 'Unsubscribe',
      },
      link: HOME,
    });
  });

  await app.register(async (scope) => {
    // Mail clients post url-encoded or multipart forms; the token is in the URL, so the body is not needed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(CONFIRM_PATH, { preHandler: limited }, (request, reply) => answerConfirmLink(request, reply, true));
    scope.post(UNSUBSCRIBE_PATH, { preHandler: limited }, async (request, reply) => {
      const check = tokens.checkUnsubscribeToken(tokenOf(request));
      if (!check.ok) return page(reply, 400, PAGES.badUnsubscribe);
      await unsubscribeFromNewsletter(services.db, check.claim.subscriptionId);
      return page(reply, 200, PAGES.unsubscribed);
    });
  });
}
