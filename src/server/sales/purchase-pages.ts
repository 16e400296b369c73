import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIBRARY_SIGN_IN_LIFETIME_MINUTES, ORDER_STATE_LABELS } from '../../domain/sales.js';
import { librarySignInSchema } from '../../domain/sales.schema.js';
import { findBook } from '../content/books/books-repository.js';
import { findActiveGift } from '../newsletter/gift/gifts-repository.js';
import { parseRange } from '../site/downloads/byte-range.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import {
  escapeHtml,
  type NoticePage,
  type NoticePageStyles,
  sendNoticePage,
  tokenOf,
} from '../newsletter/notice-page.js';
import { newGiftUrl } from '../newsletter/reader-links.js';
import { linkWithToken } from '../newsletter/unsubscribe-links.js';
import { TOO_MANY_REQUESTS } from '../site/rate-limit/request-limits.js';
import { perAddressLimit } from '../site/rate-limit/per-address-limit.js';
import { createRequestContext } from '../trpc/context.js';
import type { AppServices } from '../services.js';
import {
  countLibrarySignIns,
  createLibrarySignIn,
  findActiveSubscriptionId,
  findLibrarySignIn,
  hasOrders,
} from './library-repository.js';
import {
  claimOrderResend,
  countOrderDownload,
  findOrder,
  findOrderBySession,
  isDownloadable,
  listOrdersOfBuyer,
  queuePurchaseEmail,
  type Order,
} from './orders-repository.js';
import { librarySignInSubject, renderLibrarySignInEmail } from './purchase-email.js';
import { ensureCopy, FORMAT_NAMES } from './purchase-emails.js';
import { DOWNLOAD_PATH, LIBRARY_PATH, purchaseDownloadUrl, THANK_YOU_PATH } from './purchase-links.js';
import { findPersonalCopy } from './copies/personal-copies-repository.js';
import { salesFileStoreOf } from './copies/sales-files.js';
import { sendStoredFile } from './copies/stored-file-download.js';

const RESEND_PATH = `${THANK_YOU_PATH}/resend`;
/** One re-sent email per order in this time, however often the button is pressed. */
const RESEND_GAP_MS = 10 * 60 * 1000;
/** Sign-in links one address may get an hour. */
const SIGN_INS_PER_HOUR = 5;
/** The thank-you page reloads itself this often while the payment is being confirmed. */
const REFRESH_SECONDS = 4;
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

const STYLE = `<style>
  .download { display: block; padding: 0.75rem 1rem; border: 1px solid #ef8257; border-radius: 6px; color: #fff4e6;
    text-decoration: none; font-weight: 600; margin: 0 0 1rem; }
  .download:hover { background: #2a201d; }
  .books { list-style: none; padding: 0; margin: 0 0 1.25rem; display: grid; gap: 0.9rem; }
  .books li { border: 1px solid #3d342f; border-radius: 6px; padding: 0.75rem 1rem; }
  .books small { display: block; color: #d9ccb4; }
  label { display: block; margin: 0 0 0.4rem; font-weight: 600; }
  input[type=email] { font: inherit; width: 100%; box-sizing: border-box; padding: 0.6rem 0.75rem; margin: 0 0 1rem;
    background: #0e0c0b; color: #eadfc8; border: 1px solid #6b5d55; border-radius: 6px; }
</style>`;

const signInForm = (email = '') => `${STYLE}
  <form method="post" action="${LIBRARY_PATH}">
    <label for="library-email">Your email</label>
    <input id="library-email" type="email" name="email" required autocomplete="email" value="${escapeHtml(email)}">
    <button type="submit">Email me a sign-in link</button>
  </form>`;

const SIGN_IN_PAGE: NoticePage = {
  title: 'My library',
  heading: 'My library',
  paragraphs: [
    'Enter the email you bought with: a sign-in link arrives in a minute, and your library lists every book you bought here with fresh download links.',
  ],
  html: signInForm(),
};

const BAD_LINK: NoticePage = {
  title: 'Link not valid',
  heading: 'This link is not valid',
  paragraphs: ['Open your library to get a fresh download link.'],
  link: { href: LIBRARY_PATH, text: 'My library' },
};

const REFUNDED: NoticePage = {
  title: 'Refunded',
  heading: 'This order was refunded',
  paragraphs: ['Its download links no longer work. If you think this is a mistake, write to the author.'],
  link: { href: '/contact', text: 'Contact' },
};

const ERASED: NoticePage = {
  title: 'Link not valid',
  heading: 'This copy is no longer available',
  paragraphs: ['The buyer’s details were erased at their request, and its download links with them.'],
  link: { href: '/contact', text: 'Contact' },
};

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
  const files = salesFileStoreOf(services);
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply, status, notice, styles);
  const limited = perAddressLimit(services.limiters.publicRead, (reply) =>
    page(reply, 429, {
      title: 'Too many requests',
      heading: 'Too many requests',
      paragraphs: [TOO_MANY_REQUESTS],
    }),
  );
  const originOf = (request: FastifyRequest) => createRequestContext(services, request).siteOrigin;

  async function orderTitle(order: Order): Promise<string> {
    return (order.bookId && (await findBook(services.db, order.bookId))?.title) || 'your book';
  }

  app.get<{ Querystring: { session_id?: string } }>(THANK_YOU_PATH, { preHandler: limited }, async (request, reply) => {
    const sessionId = String(request.query.session_id ?? '');
    const order = SESSION_ID.test(sessionId) ? await findOrderBySession(services.db, sessionId) : undefined;
    if (!order || order.state === 'pending')
      return page(reply, 200, {
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
    if (order.erasedAt) return page(reply, 200, ERASED);
    const title = await orderTitle(order);
    if (order.state === 'refunded') return page(reply, 200, REFUNDED);
    if (order.state === 'held')
      return page(reply, 200, {
        title: 'Thank you',
        heading: 'Thank you!',
        paragraphs: [
          `Your payment arrived. The author is checking one detail of it; your copy of ${title} will come to ${order.buyerEmail} by email.`,
        ],
        link: { href: LIBRARY_PATH, text: 'My library' },
      });
    const url = purchaseDownloadUrl(tokens, originOf(request), order.id);
    return page(reply, 200, {
      title: 'Thank you',
      heading: 'Thank you!',
      paragraphs: [
        `Your copy of ${title} (${FORMAT_NAMES[order.format ?? ''] ?? 'copy'}) is ready. A link is also in your email at ${order.buyerEmail}, with how to read it on Kindle, Kobo, Apple Books or an audio player.`,
      ],
      html: `${STYLE}<a class="download" href="${escapeHtml(url)}">Download ${escapeHtml(title)}</a>`,
      form: { action: RESEND_PATH, fields: { session_id: sessionId }, button: 'Send the email to me again' },
      link: { href: LIBRARY_PATH, text: 'My library' },
    });
  });

  // No HEAD twin: a HEAD must not count as a download. Not compressed: the bytes go as stored, by range.
  app.get(DOWNLOAD_PATH, { exposeHeadRoute: false, compress: false, preHandler: limited }, async (request, reply) => {
    const check = tokens.checkPurchaseToken(tokenOf(request), Date.now());
    if (!check.ok && check.reason === 'invalid') return page(reply, 400, BAD_LINK);
    if (!check.ok)
      return page(reply, 410, {
        title: 'Link expired',
        heading: 'This download link has expired',
        paragraphs: ['Download links work for 30 days. Your library gives you a fresh one.'],
        link: { href: LIBRARY_PATH, text: 'My library' },
      });
    const order = await findOrder(services.db, check.claim.orderId);
    if (!order) return page(reply, 400, BAD_LINK);
    if (order.erasedAt) return page(reply, 410, ERASED);
    if (order.state === 'refunded') return page(reply, 410, REFUNDED);
    if (!isDownloadable(order))
      return page(reply, 409, {
        title: 'Not ready',
        heading: 'This copy is not ready yet',
        paragraphs: ['The payment is still being confirmed; the email with your copy follows.'],
      });
    // The buyer's personal copy, made once (ex-libris page, fingerprint) and kept: this is a plain file send.
    const copyId = await ensureCopy(services.db, files, order);
    const copy = copyId ? await findPersonalCopy(services.db, copyId) : undefined;
    if (!copy)
      return page(reply, 404, {
        title: 'Not available',
        heading: 'The file is not available right now',
        paragraphs: ['The author has been told; please try again later.'],
      });
    const range = parseRange(request.headers.range, copy.bytes);
    // A download counts when it starts at the first byte; resuming or seeking does not. One UPDATE decides.
    if (range !== 'invalid' && (range?.start ?? 0) === 0 && !(await countOrderDownload(services.db, order.id)))
      return page(reply, 410, REFUNDED);
    return sendStoredFile(reply, files, copy, request.headers.range);
  });

  app.get(LIBRARY_PATH, { preHandler: limited }, async (request, reply) => {
    const token = tokenOf(request);
    if (token === undefined) return page(reply, 200, SIGN_IN_PAGE);
    const check = tokens.checkLibrarySignInToken(token, Date.now());
    const signIn = check.ok ? await findLibrarySignIn(services.db, check.claim.signInId) : undefined;
    if (!signIn)
      return page(reply, check.ok || check.reason === 'invalid' ? 400 : 410, {
        ...SIGN_IN_PAGE,
        paragraphs: ['This sign-in link is not valid any more (they work for an hour). Ask for a new one:'],
      });
    const origin = originOf(request);
    const orders = await listOrdersOfBuyer(services.db, signIn.email);
    const items = await Promise.all(
      orders.map(async (order) => {
        const title = escapeHtml(await orderTitle(order));
        const format = escapeHtml(FORMAT_NAMES[order.format ?? ''] ?? 'copy');
        if (!isDownloadable(order))
          return `<li>${title} <small>${format}, order ${escapeHtml(order.reference)}: ${ORDER_STATE_LABELS[order.state]}. Its download links no longer work.</small></li>`;
        const url = purchaseDownloadUrl(tokens, origin, order.id);
        return `<li>${title} <small>${format}, order ${escapeHtml(order.reference)}, downloaded ${order.downloads} times</small><a class="download" href="${escapeHtml(url)}">Download ${title}</a></li>`;
      }),
    );
    const subscriptionId = await findActiveSubscriptionId(services.db, signIn.email);
    const gift = subscriptionId ? await findActiveGift(services.db) : undefined;
    if (subscriptionId && gift) {
      const url = await newGiftUrl(services.db, tokens, origin, subscriptionId);
      items.push(
        `<li>${escapeHtml(gift.title)} <small>Your free chapter, as a subscriber</small><a class="download" href="${escapeHtml(url)}">Open ${escapeHtml(gift.title)}</a></li>`,
      );
    }
    return page(reply, 200, {
      title: 'My library',
      heading: 'My library',
      paragraphs: [
        items.length
          ? `Books bought with ${signIn.email}. Each link works for 30 days; come back for fresh ones.`
          : `Nothing has been bought with ${signIn.email} yet.`,
      ],
      html: `${STYLE}<ul class="books">${items.join('')}</ul>`,
      link: { href: '/books', text: 'The books' },
    });
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: 2048 });

    scope.post(LIBRARY_PATH, { preHandler: limited }, async (request, reply) => {
      const parsed = librarySignInSchema.safeParse(request.body ?? {});
      if (!parsed.success)
        return page(reply, 400, {
          ...SIGN_IN_PAGE,
          paragraphs: [parsed.error.issues[0]?.message ?? 'Please enter a valid email address'],
        });
      const email = parsed.data.email.toLowerCase();
      const sent: NoticePage = {
        title: 'Check your inbox',
        heading: 'Check your inbox',
        paragraphs: [
          `If books were bought here with ${email}, a sign-in link is on its way there now. It works for ${LIBRARY_SIGN_IN_LIFETIME_MINUTES} minutes.`,
        ],
        link: { href: '/', text: 'Back to the site' },
      };
      // The same answer whether or not the address bought anything: the page tells nobody who the buyers are.
      const known = (await hasOrders(services.db, email)) || (await findActiveSubscriptionId(services.db, email));
      if (
        !known ||
        (await countLibrarySignIns(services.db, email, new Date(Date.now() - 3_600_000))) >= SIGN_INS_PER_HOUR
      )
        return page(reply, 200, sent);
      const signInId = await createLibrarySignIn(services.db, email);
      const url = linkWithToken(
        originOf(request),
        LIBRARY_PATH,
        tokens.librarySignInToken({ signInId, expiresAt: Date.now() + LIBRARY_SIGN_IN_LIFETIME_MINUTES * 60_000 }),
      );
      try {
        await services.mailer.send({
          to: email,
          subject: librarySignInSubject,
          ...(await renderLibrarySignInEmail(url)),
          transactional: true,
        });
      } catch (error) {
        request.log.error({ err: error }, 'library sign-in link could not be sent');
      }
      return page(reply, 200, sent);
    });

    scope.post(RESEND_PATH, { preHandler: limited }, async (request, reply) => {
      const sessionId = String((request.body as Record<string, unknown> | undefined)?.session_id ?? '');
      const order = SESSION_ID.test(sessionId) ? await findOrderBySession(services.db, sessionId) : undefined;
      if (!order || !isDownloadable(order)) return page(reply, 400, BAD_LINK);
      if (await claimOrderResend(services.db, order.id, new Date(), RESEND_GAP_MS)) {
        await queuePurchaseEmail(services.db, order, originOf(request));
        services.mailing.queueSignal.notify();
      }
      return page(reply, 200, {
        title: 'Sent again',
        heading: 'The email is on its way again',
        paragraphs: [`It goes to ${order.buyerEmail} in a minute or two (once every ten minutes at most).`],
        link: { href: `${THANK_YOU_PATH}?session_id=${encodeURIComponent(sessionId)}`, text: 'Back to your download' },
      });
    });
  });
}
