import type { FastifyReply, FastifyRequest } from 'fastify';
import { claimOrderResend, findOrderBySession, isDownloadable, queuePurchaseEmail } from './orders-repository.js';
import type { PurchasePageContext } from './purchase-page-context.js';
import { BAD_LINK, ERASED, REFUNDED, SESSION_ID, STYLE } from './purchase-notices.js';
import { FORMAT_NAMES } from './purchase-emails.js';
import { LIBRARY_PATH, purchaseDownloadUrl, RESEND_PATH, THANK_YOU_PATH } from './purchase-links.js';
import { escapeHtml } from '../newsletter/notice-page.js';

/** One re-sent email per order in this time, however often the button is pressed. */
const RESEND_GAP_MS = 10 * 60 * 1000;
/** The thank-you page reloads itself this often while the payment is being confirmed. */
const REFRESH_SECONDS = 4;

/**
 * The page the provider's checkout returns to, found by Stripe's checkout session id: the download at once
 * once paid, else "on its way", reloading itself.
 */
export async function showThankYou(
  context: PurchasePageContext,
  request: FastifyRequest<{ Querystring: { session_id?: string } }>,
  reply: FastifyReply,
) {
  const sessionId = String(request.query.session_id ?? '');
  const order = SESSION_ID.test(sessionId) ? await findOrderBySession(context.services.db, sessionId) : undefined;
  if (!order || order.state === 'pending')
    return context.page(reply, 200, {
      title: 'Thank you',
      heading: 'Thank you!',
      paragraphs: [
        order?.buyerEmail
          ? `Your copy is on its way to ${order.buyerEmail}; this page updates by itself as soon as the payment is confirmed.`
          : 'Your payment is being confirmed: your copy is on its way to the email you paid with, and this page updates by itself.',
      ],
      refreshSeconds: REFRESH_SECONDS,
      link: { href: LIBRARY_PATH, text: 'My library' },
    });
  if (order.erasedAt) return context.page(reply, 200, ERASED);
  const title = await context.orderTitle(order);
  if (order.state === 'refunded') return context.page(reply, 200, REFUNDED);
  if (order.state === 'held')
    return context.page(reply, 200, {
      title: 'Thank you',
      heading: 'Thank you!',
      paragraphs: [
        `Your payment arrived. The author is checking one detail of it; your copy of ${title} will come to ${order.buyerEmail} by email.`,
      ],
      link: { href: LIBRARY_PATH, text: 'My library' },
    });
  const url = purchaseDownloadUrl(context.tokens, context.originOf(request), order.id);
  return context.page(reply, 200, {
    title: 'Thank you',
    heading: 'Thank you!',
    paragraphs: [
      `Your copy of ${title} (${FORMAT_NAMES[order.format ?? ''] ?? 'copy'}) is ready. A link is also in your email at ${order.buyerEmail}, with how to read it on Kindle, Kobo, Apple Books or an audio player.`,
    ],
    html: `${STYLE}<a class="download" href="${escapeHtml(url)}">Download ${escapeHtml(title)}</a>`,
    form: { action: RESEND_PATH, fields: { session_id: sessionId }, button: 'Send the email to me again' },
    link: { href: LIBRARY_PATH, text: 'My library' },
  });
}

/** Sends the purchase email again (at most once per RESEND_GAP_MS) and says so. */
export async function resendPurchaseEmail(context: PurchasePageContext, request: FastifyRequest, reply: FastifyReply) {
  const sessionId = String((request.body as Record<string, unknown> | undefined)?.session_id ?? '');
  const order = SESSION_ID.test(sessionId) ? await findOrderBySession(context.services.db, sessionId) : undefined;
  if (!order || !isDownloadable(order)) return context.page(reply, 400, BAD_LINK);
  if (await claimOrderResend(context.services.db, order.id, new Date(), RESEND_GAP_MS)) {
    await queuePurchaseEmail(context.services.db, order, context.originOf(request));
    context.services.mailing.queueSignal.notify();
  }
  return context.page(reply, 200, {
    title: 'Sent again',
    heading: 'The email is on its way again',
    paragraphs: [`It goes to ${order.buyerEmail} in a minute or two (once every ten minutes at most).`],
    link: { href: `${THANK_YOU_PATH}?session_id=${encodeURIComponent(sessionId)}`, text: 'Back to your download' },
  });
}
