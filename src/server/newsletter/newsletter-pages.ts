import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consumeLimit, TOO_MANY_REQUESTS } from '../rate-limit/request-limits.js';
import {
  confirmSubscription,
  findSubscriptionEmail,
  unsubscribeFromNewsletter,
} from '../repositories/newsletter-subscriptions.js';
import { createRequestContext, type AppServices } from '../trpc/context.js';
import { startWelcomeSequence, withGiftBlock } from './welcome-sequence.js';
import type { NewsletterTokens } from './newsletter-tokens.js';
import { renderNoticePage, type NoticePage } from './notice-page.js';
import { CONFIRM_PATH, UNSUBSCRIBE_PATH } from './unsubscribe-links.js';

/** What a mail client's one-click POST may carry: a short form, read as text and not needed. */
const ONE_CLICK_BODY_LIMIT = 4096;

const SUBSCRIBE_AGAIN = { href: '/#newsletter', text: 'Subscribe again' };
const HOME = { href: '/', text: 'Back to the site' };

const PAGES = {
  confirmed: {
    title: 'Subscribed',
    heading: "You're in",
    paragraphs: ['Your subscription is confirmed. The next writ from the Cinderwake Cycle will find you.'],
    link: HOME,
  },
  expired: {
    title: 'Link expired',
    heading: 'This link has expired — subscribe again',
    paragraphs: ['Confirmation links work once, for three days. Sign up again and a fresh one is on its way.'],
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
  tooMany: { title: 'Too many requests', heading: 'Too many requests', paragraphs: [TOO_MANY_REQUESTS] },
} satisfies Record<string, NoticePage>;

function sendPage(reply: FastifyReply, status: number, page: NoticePage) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(renderNoticePage(page));
}

const tokenOf = (request: FastifyRequest): unknown => (request.query as Record<string, unknown>).token;

/**
 * The pages the newsletter's email links open. Confirm: a valid, unexpired, unused link
 * confirms; any other answers the expired page (400 when it is not this site's, 410 when
 * expired or used) and changes nothing. Unsubscribe: GET only asks (link scanners never
 * unsubscribe anyone); POST, from that page's button or a mail client's RFC 8058 one-click,
 * unsubscribes, and again is harmless.
 */
export async function registerNewsletterPages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
): Promise<void> {
  // The loose read limit, even for the POST: a mail provider's one-click requests for many
  // subscribers come from the same few addresses.
  const limited = async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await consumeLimit(services.limiters.publicRead, request.ip);
    if (decision.allowed) return null;
    reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
    return sendPage(reply, 429, PAGES.tooMany);
  };

  // No HEAD twin: a link checker's HEAD must not confirm anyone.
  app.get(CONFIRM_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    const refused = await limited(request, reply);
    if (refused) return refused;
    const check = tokens.checkConfirmToken(tokenOf(request), Date.now());
    if (!check.ok) return sendPage(reply, check.reason === 'invalid' ? 400 : 410, PAGES.expired);
    const confirmed = await confirmSubscription(services.db, check.claim.subscriptionId, check.claim.nonce);
    if (!confirmed) return sendPage(reply, 410, PAGES.expired);
    const origin = createRequestContext(services, request).siteOrigin;
    const welcome = await startWelcomeSequence(services.db, check.claim.subscriptionId, origin);
    return sendPage(reply, 200, withGiftBlock(PAGES.confirmed, welcome.gift));
  });

  app.get(UNSUBSCRIBE_PATH, async (request, reply) => {
    const refused = await limited(request, reply);
    if (refused) return refused;
    const check = tokens.checkUnsubscribeToken(tokenOf(request));
    if (!check.ok) return sendPage(reply, 400, PAGES.badUnsubscribe);
    const email = await findSubscriptionEmail(services.db, check.claim.subscriptionId);
    if (email === undefined) return sendPage(reply, 200, PAGES.unsubscribed);
    return sendPage(reply, 200, {
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
    scope.post(UNSUBSCRIBE_PATH, async (request, reply) => {
      const refused = await limited(request, reply);
      if (refused) return refused;
      const check = tokens.checkUnsubscribeToken(tokenOf(request));
      if (!check.ok) return sendPage(reply, 400, PAGES.badUnsubscribe);
      await unsubscribeFromNewsletter(services.db, check.claim.subscriptionId);
      return sendPage(reply, 200, PAGES.unsubscribed);
    });
  });
}
