import type { FastifyInstance, FastifyReply } from 'fastify';
import { suppressAddress } from '../../deliverability/suppression-list.js';
import { mailboxKey } from '../mailbox-key.js';
import type { NewsletterTokens } from '../newsletter-tokens.js';
import { type NoticePage, type NoticePageStyles, sendNoticePage, tokenOf } from '../notice-page.js';
import { NOT_ME_PATH } from '../unsubscribe-links.js';
import { limitPagesPerAddress } from '../../site/rate-limit/page-limit.js';
import { findSubscriptionEmail, unsubscribeFromNewsletter } from '../subscriptions-repository.js';
import type { AppServices } from '../../services.js';

/** The note on the suppression list (reason "manual"), so the author sees why. */
export const NOT_ME_NOTE = "Not requested: “This wasn't me” in the confirmation email";

const FORM_BODY_LIMIT = 4096;
const HOME = { href: '/', text: 'Back to the site' };

const PAGES = {
  invalid: {
    title: 'Link not valid',
    heading: 'This link is not valid',
    paragraphs: ['Use the link from the confirmation email itself, or write to the author from the contact page.'],
    link: { href: '/contact', text: 'Contact' },
  },
} satisfies Record<string, NoticePage>;

function donePage(email: string | undefined): NoticePage {
  return {
    title: 'Address blocked',
    heading: 'This address will not be emailed again',
    paragraphs: [
      `${email ?? 'The address'} is on the site's do-not-mail list: no confirmation, newsletter or any other email from this site will reach it.`,
      'Sorry for the bother. Should you want the newsletter one day, write to the author from the contact page.',
    ],
    link: HOME,
    links: [{ href: '/contact', text: 'Contact' }],
  };
}

function questionPage(email: string, token: unknown): NoticePage {
  return {
    title: "This wasn't me",
    heading: 'Someone else signed up this address?',
    paragraphs: [
      `Someone asked to subscribe ${email} to the newsletter of the Cinderwake Cycle.`,
      'If it was not you, press the button: the address goes on the do-not-mail list at once, and this site sends it nothing more.',
    ],
    form: {
      action: `${NOT_ME_PATH}?token=${encodeURIComponent(String(token))}`,
      fields: {},
      button: "This wasn't me",
    },
    link: HOME,
  };
}

/**
 * The confirmation email's "this wasn't me" link. Like the unsubscribe link, GET only asks (a
 * mail scanner opening every link must not block a reader who did sign up) and the page's
 * button, a POST, puts the address — and its mailbox under any spelling — on the suppression
 * list, ends the pending subscription and so stops any queued confirmation. Pressing it again is harmless.
 */
export async function registerNotMePages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles: NoticePageStyles = { stylesheets: [] },
): Promise<void> {
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply, status, notice, styles);
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);

  app.get(NOT_ME_PATH, { exposeHeadRoute: false, preHandler: limited }, async (request, reply) => {
    const check = tokens.checkNotMeToken(tokenOf(request));
    if (!check.ok) return page(reply, 400, PAGES.invalid);
    const email = await findSubscriptionEmail(services.db, check.claim.subscriptionId);
    if (email === undefined) return page(reply, 200, donePage(undefined));
    return page(reply, 200, questionPage(email, tokenOf(request)));
  });

  await app.register(async (scope) => {
    // The token is in the URL; the button's form body is not needed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(NOT_ME_PATH, { preHandler: limited }, async (request, reply) => {
      const check = tokens.checkNotMeToken(tokenOf(request));
      if (!check.ok) return page(reply, 400, PAGES.invalid);
      const { subscriptionId } = check.claim;
      const email = await findSubscriptionEmail(services.db, subscriptionId);
      if (email !== undefined) {
        await services.db.transaction().execute(async (trx) => {
          await suppressAddress(trx, { email, reason: 'manual', note: NOT_ME_NOTE });
          const mailbox = mailboxKey(email);
          if (mailbox !== email.trim().toLowerCase())
            await suppressAddress(trx, { email: mailbox, reason: 'manual', note: NOT_ME_NOTE });
          await unsubscribeFromNewsletter(trx, subscriptionId);
        });
      }
      return page(reply, 200, donePage(email));
    });
  });
}
