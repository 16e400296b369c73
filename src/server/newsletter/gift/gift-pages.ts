import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GIFT_FORMAT_INFO,
  GIFT_LINK_MAX_DOWNLOADS,
  giftReadingTips,
  type Gift,
} from '../../../domain/newsletter-gift.js';
import { slugify } from '../../../domain/slugs.js';
import type { Mailer } from '../mail/mailer.js';
import { limitPagesPerAddress } from '../../site/rate-limit/page-limit.js';
import { NoMailLinkOrigin } from '../../site/http/site-origin.js';
import { claimGiftResend, findActiveGift, findGiftLink } from './gifts-repository.js';
import { parseRange } from '../../site/downloads/byte-range.js';
import { chargeDownload, downloadUnits, isUsedUp } from '../../site/downloads/download-meter.js';
import { findSubscription } from '../subscriptions-repository.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';
import type { GiftClaim, NewsletterTokens } from '../newsletter-tokens.js';
import {
  escapeHtml,
  type NoticePage,
  type NoticePageStyles,
  sendNoticePage as sendPage,
  tokenOf,
} from '../notice-page.js';
import { GIFT_PATH, newGiftUrl, preferencesUrlFor } from '../reader-links.js';
import { unsubscribeLinkFor } from '../unsubscribe-links.js';
import type { GiftFileStore } from './gift-file-store.js';
import { giftLinkSubject, renderGiftLinkEmail } from './gift-link-email.js';

const DOWNLOAD_PATH = `${GIFT_PATH}/download/:fileId`;
const NEW_LINK_PATH = `${GIFT_PATH}/new-link`;
/** One new link per old link in this time, however often the button is pressed. */
const RESEND_GAP_MS = 10 * 60 * 1000;

const STYLE = `<style>
  .cover { display: block; max-width: 12rem; width: 60%; height: auto; border-radius: 4px; margin: 0 0 1rem; }
  .formats { list-style: none; padding: 0; margin: 0 0 1.25rem; display: grid; gap: 0.6rem; }
  .formats a { display: block; padding: 0.75rem 1rem; border: 1px solid #ef8257; border-radius: 6px; color: #fff4e6;
    text-decoration: none; font-weight: 600; }
  .formats a:hover { background: #2a201d; }
  .formats small { display: block; font-weight: 400; color: #d9ccb4; }
  h2 { font-size: 1.15rem; margin: 1.25rem 0 0.5rem; }
  dl { margin: 0 0 1rem; } dt { font-weight: 600; } dd { margin: 0 0 0.6rem; color: #eadfc8; }
</style>`;

const BAD_LINK: NoticePage = {
  title: 'Link not valid',
  heading: 'This download link is not valid',
  paragraphs: ['Use the link from your welcome email, or write to the author from the contact page.'],
  link: { href: '/contact', text: 'Contact' },
};

const NO_GIFT: NoticePage = {
  title: 'No gift right now',
  heading: 'There is no gift to download right now',
  paragraphs: ['The author is not offering a gift at the moment. The next one will reach you by email.'],
  link: { href: '/', text: 'Back to the site' },
};

const askForNewLink = (token: string, heading: string, reason: string): NoticePage => ({
  title: 'Ask for a new link',
  heading,
  paragraphs: [reason, 'Ask for a new link and it will be sent to the address this one was sent to.'],
  form: {
    action: `${NEW_LINK_PATH}?token=${encodeURIComponent(token)}`,
    fields: {},
    button: 'Ask for a new link',
  },
});

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function downloadPage(gift: Gift, token: string): NoticePage {
  const query = `?token=${encodeURIComponent(token)}`;
  const formats = gift.files
    .map((file) => {
      const info = GIFT_FORMAT_INFO[file.format];
      return `<li><a href="${escapeHtml(`${GIFT_PATH}/download/${file.id}${query}`)}" download>Download ${escapeHtml(file.format.toUpperCase())} <small>${escapeHtml(info.label)}, ${formatSize(file.bytes)}</small></a></li>`;
    })
    .join('\n');
  const tips = giftReadingTips(gift.files.map((file) => file.format))
    .map(({ device, tip }) => `<dt>${escapeHtml(device)}</dt><dd>${escapeHtml(tip)}</dd>`)
    .join('');
  const cover = gift.coverImage
    ? `<img class="cover" src="${escapeHtml(gift.coverImage)}" alt="Cover of ${escapeHtml(gift.title)}">`
    : '';
  return {
    title: gift.title,
    heading: gift.title,
    paragraphs: gift.description ? [gift.description] : [],
    html: `${STYLE}
      ${cover}
      <h2>Pick your format</h2>
      <ul class="formats">${formats}</ul>
      ${tips ? `<h2>How to open it</h2><dl>${tips}</dl>` : ''}
      <p>This link is yours: it works for 30 days and ${GIFT_LINK_MAX_DOWNLOADS} downloads, on each of your devices.</p>`,
    link: { href: '/', text: 'Back to the site' },
  };
}

/** The allowance of one personal link, shared by its files (site/downloads/download-meter.ts). */
const meterOf = (linkId: string) => `gift-link:${linkId}`;

const usedUpPage = (token: string): NoticePage =>
  askForNewLink(
    token,
    'This download link has been used up',
    `Each link works for ${GIFT_LINK_MAX_DOWNLOADS} downloads.`,
  );

const NEW_LINK_SENT: NoticePage = {
  title: 'New link sent',
  heading: 'A new link is on its way',
  paragraphs: ['Check the inbox of the address you subscribed with: the new link arrives in a minute or two.'],
  link: { href: '/', text: 'Back to the site' },
};

/** What the gift's pages work with; `sendNoticePage` draws a page in the site's styles. */
type GiftPages = {
  services: AppServices;
  tokens: NewsletterTokens;
  mailer: Mailer;
  files: GiftFileStore;
  sendNoticePage: (reply: FastifyReply, status: number, page: NoticePage) => FastifyReply;
};

type LinkCheck = { ok: true; claim: GiftClaim } | { ok: false; status: number; page: NoticePage };

/** The link's claim, or the page that refuses it (not valid, expired, used up). */
async function checkLink({ services, tokens }: GiftPages, token: unknown): Promise<LinkCheck> {
  const check = tokens.checkGiftToken(token, Date.now());
  if (!check.ok && check.reason === 'invalid') return { ok: false, status: 400, page: BAD_LINK };
  const claim = check.ok ? check.claim : check.expiredClaim!;
  const [link, subscription] = await Promise.all([
    findGiftLink(services.db, claim.linkId),
    findSubscription(services.db, claim.subscriptionId),
  ]);
  if (!link || link.subscriptionId !== claim.subscriptionId || !subscription?.isActive)
    return { ok: false, status: 400, page: BAD_LINK };
  if (!check.ok)
    return {
      ok: false,
      status: 410,
      page: askForNewLink(String(token), 'This download link has expired', 'Download links work for 30 days.'),
    };
  if (await isUsedUp(services.db, meterOf(link.id), GIFT_LINK_MAX_DOWNLOADS))
    return { ok: false, status: 410, page: usedUpPage(String(token)) };
  return { ok: true, claim };
}

async function showDownloadPage(pages: GiftPages, request: FastifyRequest, reply: FastifyReply) {
  const link = await checkLink(pages, tokenOf(request));
  if (!link.ok) return pages.sendNoticePage(reply, link.status, link.page);
  const gift = await findActiveGift(pages.services.db);
  if (!gift) return pages.sendNoticePage(reply, 404, NO_GIFT);
  return pages.sendNoticePage(reply, 200, downloadPage(gift, String(tokenOf(request))));
}

/** One file of the gift, whole or by range; every response is charged its share of a download by the bytes it sends. */
async function sendGiftFile(
  pages: GiftPages,
  request: FastifyRequest<{ Params: { fileId: string } }>,
  reply: FastifyReply,
) {
  const { services, sendNoticePage } = pages;
  const link = await checkLink(pages, tokenOf(request));
  if (!link.ok) return sendNoticePage(reply, link.status, link.page);
  const gift = await findActiveGift(services.db);
  const file = gift?.files.find((candidate) => candidate.id === request.params.fileId);
  if (!gift || !file) return sendNoticePage(reply, 404, NO_GIFT);
  const range = parseRange(request.headers.range, file.bytes);
  if (range === 'invalid')
    return reply.status(416).header('content-range', `bytes */${file.bytes}`).send({ error: 'Range not satisfiable' });
  const units = downloadUnits(range, file.bytes);
  if (!(await chargeDownload(services.db, meterOf(link.claim.linkId), units, GIFT_LINK_MAX_DOWNLOADS)))
    return sendNoticePage(reply, 410, usedUpPage(String(tokenOf(request))));
  const info = GIFT_FORMAT_INFO[file.format];
  const start = range?.start ?? 0;
  const end = range?.end ?? file.bytes - 1;
  const downloadName = `${slugify(gift.title) || 'gift'}.${info.extension}`;
  reply
    .status(range ? 206 : 200)
    .header('content-type', info.contentType)
    .header('content-disposition', `attachment; filename="${downloadName}"`)
    .header('content-length', String(end - start + 1))
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-robots-tag', 'noindex');
  if (range) reply.header('content-range', `bytes ${start}-${end}/${file.bytes}`);
  return reply.send(pages.files.read(file.id, start, end));
}

/**
 * "Ask for a new link": mails a fresh link to the address the old one (expired or used up, but genuine) was sent
 * to, at most once per RESEND_GAP_MS per old link; the answer is the same either way, so it tells nothing.
 */
async function sendNewLink(pages: GiftPages, request: FastifyRequest, reply: FastifyReply) {
  const { services, tokens, mailer, sendNoticePage } = pages;
  const check = tokens.checkGiftToken(tokenOf(request), Date.now());
  if (!check.ok && check.reason === 'invalid') return sendNoticePage(reply, 400, BAD_LINK);
  const claim = check.ok ? check.claim : check.expiredClaim!;
  const [link, subscription, gift] = await Promise.all([
    findGiftLink(services.db, claim.linkId),
    findSubscription(services.db, claim.subscriptionId),
    findActiveGift(services.db),
  ]);
  if (!link || link.subscriptionId !== claim.subscriptionId || !subscription?.isActive)
    return sendNoticePage(reply, 400, BAD_LINK);
  if (!gift) return sendNoticePage(reply, 404, NO_GIFT);
  // The one rule for links in mail a visitor's request sends (PUBLIC_URL, else a loopback Host only): a
  // forged Host must not choose where the fresh gift, preferences and unsubscribe links point.
  const origin = createRequestContext(services, request).mailLinkOrigin;
  if (origin === null) {
    request.log.error({ err: new NoMailLinkOrigin() }, 'gift link not sent');
    return sendNoticePage(reply, 200, NEW_LINK_SENT);
  }
  if (!(await claimGiftResend(services.db, link.id, new Date(), RESEND_GAP_MS)))
    return sendNoticePage(reply, 200, NEW_LINK_SENT);
  const unsubscribe = unsubscribeLinkFor(origin, tokens.unsubscribeToken(subscription.id), mailer.from);
  const rendered = await renderGiftLinkEmail(gift.title, {
    giftUrl: await newGiftUrl(services.db, tokens, origin, subscription.id),
    preferencesUrl: preferencesUrlFor(tokens, origin, subscription.id),
    unsubscribeUrl: unsubscribe.url,
  });
  try {
    await mailer.send({
      to: subscription.email,
      subject: giftLinkSubject(gift.title),
      ...rendered,
      headers: unsubscribe.headers,
    });
  } catch (error) {
    request.log.error({ err: error }, 'gift link could not be sent');
    return sendNoticePage(reply, 503, {
      title: 'Not sent',
      heading: 'The new link could not be sent just now',
      paragraphs: ['Please try again in a few minutes.'],
    });
  }
  return sendNoticePage(reply, 200, NEW_LINK_SENT);
}

/**
 * The gift's pages: the download page of a personal link (pick a format, how to open it), the
 * files themselves (streamed, with ranges: a resumed download or audio seeking), and "ask for a
 * new link" once a link expired or was used up. Each link allows GIFT_LINK_MAX_DOWNLOADS
 * downloads, counted by the bytes sent (a whole file is one, and so are its ranges that add up to
 * it), so resuming, seeking and ranges from anywhere all count.
 */
export async function registerGiftPages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  mailer: Mailer,
  files: GiftFileStore,
  styles: NoticePageStyles = { stylesheets: [] },
): Promise<void> {
  const sendNoticePage = (reply: FastifyReply, status: number, page: NoticePage) =>
    sendPage(reply, status, page, styles);
  const pages: GiftPages = { services, tokens, mailer, files, sendNoticePage };
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);

  app.get(GIFT_PATH, { preHandler: limited }, (request, reply) => showDownloadPage(pages, request, reply));
  // No HEAD twin: a HEAD must not count as a download. Not compressed: the bytes go as stored, by range.
  app.get<{ Params: { fileId: string } }>(
    DOWNLOAD_PATH,
    { exposeHeadRoute: false, compress: false, preHandler: limited },
    (request, reply) => sendGiftFile(pages, request, reply),
  );
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(fastifyFormbody, { bodyLimit: 1024 });
    scope.post(NEW_LINK_PATH, { preHandler: limited }, (request, reply) => sendNewLink(pages, request, reply));
  });
}
