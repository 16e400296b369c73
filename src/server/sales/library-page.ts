import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIBRARY_SIGN_IN_LIFETIME_MINUTES, ORDER_STATE_LABELS } from '../../domain/sales.js';
import { librarySignInSchema } from '../../domain/sales.schema.js';
import { findActiveGift } from '../newsletter/gift/gifts-repository.js';
import { escapeHtml, type NoticePage, tokenOf } from '../newsletter/notice-page.js';
import { newGiftUrl } from '../newsletter/reader-links.js';
import { linkWithToken } from '../newsletter/unsubscribe-links.js';
import {
  countLibrarySignIns,
  createLibrarySignIn,
  findActiveSubscriptionId,
  findLibrarySignIn,
  hasOrders,
} from './library-repository.js';
import { isDownloadable, listOrdersOfBuyer } from './orders-repository.js';
import { librarySignInSubject, renderLibrarySignInEmail } from './purchase-email.js';
import { FORMAT_NAMES } from './purchase-emails.js';
import type { PurchasePageContext } from './purchase-page-context.js';
import { LIBRARY_PATH, purchaseDownloadUrl } from './purchase-links.js';
import { SIGN_IN_PAGE, STYLE } from './purchase-notices.js';

/** Sign-in links one address may get an hour. */
const SIGN_INS_PER_HOUR = 5;

/**
 * `/library`: the sign-in form, or (with a sign-in link) every book bought with that address, with fresh links,
 * refunded ones said so, and a subscriber's free chapter.
 */
export async function showLibrary(context: PurchasePageContext, request: FastifyRequest, reply: FastifyReply) {
  const token = tokenOf(request);
  if (token === undefined) return context.page(reply, 200, SIGN_IN_PAGE);
  const check = context.tokens.checkLibrarySignInToken(token, Date.now());
  const signIn = check.ok ? await findLibrarySignIn(context.services.db, check.claim.signInId) : undefined;
  if (!signIn)
    return context.page(reply, check.ok || check.reason === 'invalid' ? 400 : 410, {
      ...SIGN_IN_PAGE,
      paragraphs: ['This sign-in link is not valid any more (they work for an hour). Ask for a new one:'],
    });
  const origin = context.originOf(request);
  const orders = await listOrdersOfBuyer(context.services.db, signIn.email);
  const items = await Promise.all(
    orders.map(async (order) => {
      const title = escapeHtml(await context.orderTitle(order));
      const format = escapeHtml(FORMAT_NAMES[order.format ?? ''] ?? 'copy');
      if (!isDownloadable(order))
        return `<li>${title} <small>${format}, order ${escapeHtml(order.reference)}: ${ORDER_STATE_LABELS[order.state]}. Its download links no longer work.</small></li>`;
      const url = purchaseDownloadUrl(context.tokens, origin, order.id);
      return `<li>${title} <small>${format}, order ${escapeHtml(order.reference)}, downloaded ${order.downloads} times</small><a class="download" href="${escapeHtml(url)}">Download ${title}</a></li>`;
    }),
  );
  const subscriptionId = await findActiveSubscriptionId(context.services.db, signIn.email);
  const gift = subscriptionId ? await findActiveGift(context.services.db) : undefined;
  if (subscriptionId && gift) {
    const url = await newGiftUrl(context.services.db, context.tokens, origin, subscriptionId);
    items.push(
      `<li>${escapeHtml(gift.title)} <small>Your free chapter, as a subscriber</small><a class="download" href="${escapeHtml(url)}">Open ${escapeHtml(gift.title)}</a></li>`,
    );
  }
  return context.page(reply, 200, {
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
}

/** Emails a sign-in link to an address that bought here (the same answer for any address). */
export async function sendLibrarySignIn(context: PurchasePageContext, request: FastifyRequest, reply: FastifyReply) {
  const parsed = librarySignInSchema.safeParse(request.body ?? {});
  if (!parsed.success)
    return context.page(reply, 400, {
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
  const known =
    (await hasOrders(context.services.db, email)) || (await findActiveSubscriptionId(context.services.db, email));
  if (
    !known ||
    (await countLibrarySignIns(context.services.db, email, new Date(Date.now() - 3_600_000))) >= SIGN_INS_PER_HOUR
  )
    return context.page(reply, 200, sent);
  const signInId = await createLibrarySignIn(context.services.db, email);
  const url = linkWithToken(
    context.originOf(request),
    LIBRARY_PATH,
    context.tokens.librarySignInToken({ signInId, expiresAt: Date.now() + LIBRARY_SIGN_IN_LIFETIME_MINUTES * 60_000 }),
  );
  try {
    await context.services.mailer.send({
      to: email,
      subject: librarySignInSubject,
      ...(await renderLibrarySignInEmail(url)),
      transactional: true,
    });
  } catch (error) {
    request.log.error({ err: error }, 'library sign-in link could not be sent');
  }
  return context.page(reply, 200, sent);
}
