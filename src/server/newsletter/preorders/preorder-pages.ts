import type { FastifyInstance, FastifyReply } from 'fastify';
import { PREORDER_FORMAT_LABELS } from '../../../domain/submissions.js';
import type { NewsletterTokens } from '../newsletter-tokens.js';
import { type NoticePage, type NoticePageStyles, sendNoticePage, tokenOf } from '../notice-page.js';
import { limitPagesPerAddress } from '../../site/rate-limit/page-limit.js';
import { deletePreorder, findPreorder } from './preorders-repository.js';
import type { AppServices } from '../../services.js';
import { PREORDER_CANCEL_PATH } from './preorder-mail.js';

const CANCEL_BODY_LIMIT = 4096;

const PAGES = {
  invalid: {
    title: 'Link not valid',
    heading: 'This cancel link is not valid',
    paragraphs: ['Use the link from your preorder receipt, or write to the author from the contact page.'],
    link: { href: '/contact', text: 'Contact' },
  },
  cancelled: {
    title: 'Preorder cancelled',
    heading: 'Your preorder is cancelled',
    paragraphs: ['Nothing was charged and nothing more will be sent about it. You can preorder again at any time.'],
    link: { href: '/books', text: 'Browse the books' },
  },
} satisfies Record<string, NoticePage>;

/**
 * The preorder receipt's cancel link: the cancel page (GET asks, its button's POST cancels, so a link
 * scanner cancels nothing). The cover the emails show is drawn by ../mail/mail-images.ts.
 */
export async function registerPreorderPages(
  app: FastifyInstance,
  services: AppServices,
  tokens: NewsletterTokens,
  styles: NoticePageStyles = { stylesheets: [] },
): Promise<void> {
  const page = (reply: FastifyReply, status: number, notice: NoticePage) =>
    sendNoticePage(reply, status, notice, styles);
  const limited = limitPagesPerAddress(services.limiters.publicRead, styles);

  app.get(PREORDER_CANCEL_PATH, { exposeHeadRoute: false, preHandler: limited }, async (request, reply) => {
    const check = tokens.checkPreorderCancelToken(tokenOf(request));
    if (!check.ok) return page(reply, 400, PAGES.invalid);
    const preorder = await findPreorder(services.db, check.claim.preorderId);
    if (!preorder) return page(reply, 200, PAGES.cancelled);
    return page(reply, 200, {
      title: 'Cancel preorder',
      heading: 'Cancel your preorder?',
      paragraphs: [
        `${preorder.bookTitle}, ${PREORDER_FORMAT_LABELS[preorder.preferredFormat].toLowerCase()}, reserved for ${preorder.customerName}.`,
        'Nothing was charged. Cancelling removes the preorder and your details with it.',
      ],
      form: {
        action: `${PREORDER_CANCEL_PATH}?token=${encodeURIComponent(String(tokenOf(request)))}`,
        fields: {},
        button: 'Cancel my preorder',
      },
      link: { href: '/', text: 'Keep it and go back to the site' },
    });
  });

  await app.register(async (scope) => {
    // The token is in the URL; the form's body carries nothing needed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: CANCEL_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(PREORDER_CANCEL_PATH, { preHandler: limited }, async (request, reply) => {
      const check = tokens.checkPreorderCancelToken(tokenOf(request));
      if (!check.ok) return page(reply, 400, PAGES.invalid);
      await deletePreorder(services.db, check.claim.preorderId);
      return page(reply, 200, PAGES.cancelled);
    });
  });
}
