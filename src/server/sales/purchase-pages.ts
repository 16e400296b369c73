import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import type { NoticePageStyles } from '../newsletter/notice-page.js';
import type { AppServices } from '../services.js';
import { limitPagesPerAddress } from '../site/rate-limit/page-limit.js';
import { sendLibrarySignIn, showLibrary } from './library-page.js';
import { sendPurchaseDownload } from './purchase-download.js';
import { purchasePageContext } from './purchase-page-context.js';
import { DOWNLOAD_PATH, LIBRARY_PATH, RESEND_PATH, THANK_YOU_PATH } from './purchase-links.js';
import { resendPurchaseEmail, showThankYou } from './thank-you-page.js';

/**
 * The buyer's pages: the thank-you page the provider's checkout returns to (confirmed by Stripe's
 * checkout session id: the download at once, else "on its way", reloading itself), re-sending the
 * email, `/library` (sign-in by email, then every book bought with fresh links, refunded ones said
 * so, a subscriber's free chapter), and the download itself (streamed, with ranges, counted from
 * the first byte, refused once the order is refunded or revoked).
 */
export async function registerPurchasePages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles?: NoticePageStyles,
): Promise<void> {
  const context = purchasePageContext(services, tokens, styles);
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);
  app.get<{ Querystring: { session_id?: string } }>(THANK_YOU_PATH, { preHandler: limited }, (request, reply) =>
    showThankYou(context, request, reply),
  );
  // No HEAD twin: a HEAD must not count as a download. Not compressed: the bytes go as stored, by range.
  app.get(DOWNLOAD_PATH, { exposeHeadRoute: false, compress: false, preHandler: limited }, (request, reply) =>
    sendPurchaseDownload(context, request, reply),
  );
  app.get(LIBRARY_PATH, { preHandler: limited }, (request, reply) => showLibrary(context, request, reply));
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: 2048 });
    scope.post(LIBRARY_PATH, { preHandler: limited }, (request, reply) => sendLibrarySignIn(context, request, reply));
    scope.post(RESEND_PATH, { preHandler: limited }, (request, reply) => resendPurchaseEmail(context, request, reply));
  });
}
