import type { FastifyInstance, FastifyReply } from 'fastify';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { timestampNow } from '../db/row-conversion.js';
import type { AppServices } from '../trpc/context.js';
import { countShopClick, shopLinkTarget } from './shop-links.js';
import { userAgentFacts } from './visit-filter.js';

/** Tracked links: `/r/<signed token>`, answered with 302 to the address stored for it. */
export const REDIRECT_PATH = '/r/';

const NOT_FOUND_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<title>Link not found</title></head><body style="font-family:Georgia,serif;background:#131014;color:#eee;padding:2rem">' +
  '<h1>Link not found</h1><p>This link is not valid. <a style="color:#f0b37e" href="/">Go to the home page</a>.</p></body></html>';

/**
 * The redirect of tracked links. The token is signed by the site and names the link by id, so the
 * target is always the address stored when the issue was sent: a tampered, foreign or unknown
 * token gets a 404 page, never a redirect anywhere. A click is recorded once per recipient and link
 * (bots and link scanners are redirected but not counted). A Buy-menu shop link (`s<book's tag>.<n>`)
 * goes to the address the book stores now, and counts each click per book
 * and shop (shop-links.ts).
 */
export function registerRedirectLinks(app: FastifyInstance, services: AppServices, tokens: NewsletterTokens): void {
  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_FOUND_PAGE);

  app.get(`${REDIRECT_PATH}:token`, async (request, reply) => {
    const token = (request.params as { token: string }).token;
    const fields = tokens.checkRedirectToken(token);
    const redirect = (url: string) =>
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
    const counted = !userAgentFacts(request.headers['user-agent'] ?? '').bot;
    if (!fields) {
      const shop = await shopLinkTarget(services.db, token);
      if (!shop) return notFound(reply);
      if (counted) await countShopClick(services.db, shop.bookId, shop.shop);
      return redirect(shop.url);
    }
    if (!fields || fields[0] !== 'l' || fields.length !== 3) return notFound(reply);
    const [, linkId, recipientId] = fields as [string, string, string];
    const link = await services.db
      .selectFrom('newsletterLinks')
      .select('url')
      .where('id', '=', linkId)
      .executeTakeFirst();
    if (!link) return notFound(reply);
    if (counted)
      await services.db
        .insertInto('newsletterLinkClicks')
        .values({ linkId, subscriberId: recipientId, clickedAt: timestampNow() })
        .onConflict((conflict) => conflict.columns(['linkId', 'subscriberId']).doNothing())
        .execute();
    return redirect(link.url);
  });
}
