import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { timestampNow } from '../db/row-conversion.js';
import type { AppServices } from '../services.js';
import { countShopClick, directLinkTarget, shopLinkTarget } from './shop-links.js';
import { userAgentFacts } from './visit-filter.js';
import { OncePerWindow } from './once-per-window.js';
import { REDIRECT_PATH } from './issue-links.js';
import type { NoticePageStyles } from '../newsletter/notice-page.js';
import { limitPagesPerAddress } from '../site/rate-limit/page-limit.js';

/** One visitor's clicks on one shop link within this time count once. */
const CLICK_WINDOW_MS = 30 * 60 * 1000;

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Link not found</title></head><body style="font-family:Georgia,serif;background:#131014;color:#eee;padding:2rem">' +
  '<h1>Link not found</h1><p>This link is not valid. <a style="color:#f0b37e" href="/">Go to the home page</a>.</p></body></html>';

/** The `utm_source` a newsletter's links to the site land with (the Overview's referrers show it). */
const NEWSLETTER_SOURCE = 'newsletter';

/**
 * A newsletter link to the site's own pages, marked so the landing page view is attributed to the newsletter (the
 * redirect sends no referrer, so it would count as direct): `utm_source=newsletter&utm_medium=email` and the
 * issue's subject as `utm_campaign`. Links to other sites, and links that name a source already, are left as sent.
 */
function withNewsletterCampaign(url: string, ownHostnames: string[], subject: string | null): string {
  try {
    const target = new URL(url);
    const own = (host: string) => host.toLowerCase().replace(/^www\./, '');
    if (!ownHostnames.some((host) => own(host) === own(target.hostname)) || target.searchParams.has('utm_source'))
      return url;
    target.searchParams.set('utm_source', NEWSLETTER_SOURCE);
    target.searchParams.set('utm_medium', 'email');
    if (subject) target.searchParams.set('utm_campaign', subject.slice(0, 100));
    return target.toString();
  } catch {
    return url;
  }
}

/**
 * The redirect of tracked links. The token is signed by the site and names the link by id, so the
 * target is always the address stored when the issue was sent: a tampered, foreign or unknown
 * token gets a 404 page, never a redirect anywhere. A click is recorded once per recipient and link
 * (bots and link scanners are redirected but not counted). A Buy-menu shop link (`s<book's tag>.<n>`), or Buy
 * direct's (`d<book's tag>.<format>`, to the edition's checkout, counted as the shop "Buy direct (<format>)")
 * goes to the address the book stores now, and counts a visitor's clicks per book and shop once in
 * CLICK_WINDOW_MS (shop-links.ts). A newsletter link to the site's own pages lands marked as the newsletter's
 * (withNewsletterCampaign). Every `/r/` request is held to the `tracking` limit per address.
 */
export function registerRedirectLinks(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles?: NoticePageStyles,
): void {
  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);

  const recentClicks = new OncePerWindow(CLICK_WINDOW_MS);
  // The site's own names: PUBLIC_URL's (the emails' links) and the one the request came to.
  const publicHostname = services.publicOrigin ? new URL(services.publicOrigin).hostname : null;
  const siteHostnames = (requested: string) => (publicHostname ? [publicHostname, requested] : [requested]);

  const limited = limitPagesPerAddress(services.limiters.tracking, styles);
  app.get(`${REDIRECT_PATH}:token`, { preHandler: limited }, async (request, reply) => {
    const token = (request.params as { token: string }).token;
    const fields = tokens.checkRedirectToken(token);
    const redirect = (url: string) =>
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
    const userAgent = request.headers['user-agent'] ?? '';
    const counted = !userAgentFacts(userAgent).bot;
    if (!fields) {
      const shop = (await shopLinkTarget(services.db, token)) ?? (await directLinkTarget(services.db, token));
      if (!shop) return notFound(reply);
      // One visitor's clicks on one shop of a book count once in the window.
      if (counted && recentClicks.first([request.ip, userAgent, shop.bookId, shop.shop]))
        await countShopClick(services.db, shop.bookId, shop.shop);
      return redirect(shop.url);
    }
    if (!fields || fields[0] !== 'l' || fields.length !== 3) return notFound(reply);
    const [, linkId, recipientId] = fields as [string, string, string];
    const link = await services.db
      .selectFrom('newsletterLinks as l')
      .leftJoin('newsletterIssues as i', 'i.id', 'l.issueId')
      .select(['l.url', 'i.subject'])
      .where('l.id', '=', linkId)
      .executeTakeFirst();
    if (!link) return notFound(reply);
    if (counted)
      await services.db
        .insertInto('newsletterLinkClicks')
        .values({ linkId, subscriberId: recipientId, clickedAt: timestampNow() })
        .onConflict((conflict) => conflict.columns(['linkId', 'subscriberId']).doNothing())
        .execute();
    return redirect(withNewsletterCampaign(link.url, siteHostnames(request.hostname), link.subject));
  });
}
