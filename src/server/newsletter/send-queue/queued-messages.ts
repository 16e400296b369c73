import { issueLinkIds, withTrackedLinks } from '../../analytics/issue-links.js';
import type { AppDatabase } from '../../db/connection.js';
import type { RenderedEmail } from '../mail/email-layout.js';
import { messageIdFor, type Mailer } from '../mail/mailer.js';
import { personalise, renderIssueTemplate } from '../issues/issue-email.js';
import type { NewsletterTokens } from '../newsletter-tokens.js';
import { issueViewUrl } from '../issues/issue-mail.js';
import { loadIssueAssets } from '../issues/issue-assets.js';
import { newGiftUrl, preferencesUrlFor } from '../reader-links.js';
import { linkWithToken, unsubscribeLinkFor } from '../unsubscribe-links.js';
import { PREORDER_CANCEL_PATH } from '../preorders/preorder-mail.js';
import { confirmationMessage } from '../confirmation-message.js';
import { WELCOME_STEP } from '../issues/newsletter-issues-repository.js';
import { findActiveGift } from '../gift/gifts-repository.js';
import { preorderNoticeSubject, renderPreorderNotice } from '../preorders/preorder-notice-email.js';
import { findBook } from '../../content/books/books-repository.js';
import type { ClaimedMessage } from './mail-queue-repository.js';
import type { PreorderFormat } from '../../../domain/submissions.js';
import type { PurchaseEmails } from '../../sales/purchase-emails.js';
import type { ArcEmails } from '../../arc/arc-emails.js';
import { commentSignInEmail } from '../../comments/comment-sign-in-email.js';

export type QueuedEmail = Parameters<Mailer['send']>[0];

/** Issues rendered recently (one render serves every recipient of an issue). */
const TEMPLATE_CACHE_SIZE = 8;

/**
 * The message of one queue row: an issue (rendered once per issue, then personalised with the
 * recipient's unsubscribe link) or a book's notice to a preorder customer. Each has a
 * deterministic Message-ID per mailing and recipient, so a relay or client can spot a duplicate.
 */
export class QueuedMessages {
  private readonly templates = new Map<
    string,
    Promise<{ subject: string; rendered: RenderedEmail; links: Map<string, string>; withGift: boolean }>
  >();

  constructor(
    private readonly db: AppDatabase,
    private readonly mailer: Pick<Mailer, 'from'>,
    private readonly tokens: NewsletterTokens,
    /** A bought copy's email (src/server/sales); without it, purchase rows fail as unbuildable. */
    private readonly purchases?: Pick<PurchaseEmails, 'build'>,
    /** The ARC team's emails (src/server/arc); without it, arc rows fail as unbuildable. */
    private readonly arc?: Pick<ArcEmails, 'build'>,
  ) {}

  async build(message: ClaimedMessage): Promise<QueuedEmail | null> {
    if (message.kind === 'confirmation') return this.confirmation(message);
    if (message.kind === 'purchase')
      return (await this.purchases?.build(message.recipientId, message.siteOrigin)) ?? null;
    if (message.kind === 'arc') return (await this.arc?.build(message)) ?? null;
    if (message.kind === 'comment-sign-in') return commentSignInEmail(this.db, this.tokens, message, this.mailer.from);
    const messageId = messageIdFor(this.mailer.from, `${message.mailingId}.${message.recipientId}`);
    if (message.kind === 'issue') {
      const template = await this.issueTemplate(message.mailingId, message.siteOrigin);
      if (!template) return null;
      const unsubscribe = unsubscribeLinkFor(
        message.siteOrigin,
        this.tokens.unsubscribeToken(message.recipientId),
        this.mailer.from,
      );
      const links = {
        unsubscribeUrl: unsubscribe.url,
        preferencesUrl: preferencesUrlFor(this.tokens, message.siteOrigin, message.recipientId),
        giftUrl: template.withGift
          ? await newGiftUrl(this.db, this.tokens, message.siteOrigin, message.recipientId)
          : undefined,
      };
      return {
        to: message.email,
        subject: template.subject,
        ...withTrackedLinks(
          personalise(template.rendered, links),
          template.links,
          message.recipientId,
          message.siteOrigin,
          this.tokens,
        ),
        headers: unsubscribe.headers,
        messageId,
      };
    }
    if (message.kind === 'preorder-update') return this.preorderUpdate(message, messageId);
    return this.preorderNotice(message, messageId);
  }

  /**
   * An issue sent to a book's preorder customers: the issue with the preorder footer (why they get it, their cancel
   * link, no unsubscribe), transactional (a newsletter unsubscribe does not stop it), its links tracked per preorder.
   */
  private async preorderUpdate(message: ClaimedMessage, messageId: string): Promise<QueuedEmail | null> {
    const preorder = await this.db
      .selectFrom('preorders')
      .select(['bookTitle'])
      .where('id', '=', message.recipientId)
      .executeTakeFirst();
    if (!preorder) return null;
    const template = await this.issueTemplate(message.mailingId, message.siteOrigin, preorder.bookTitle);
    if (!template) return null;
    const cancelUrl = linkWithToken(
      message.siteOrigin,
      PREORDER_CANCEL_PATH,
      this.tokens.preorderCancelToken(message.recipientId),
    );
    return {
      to: message.email,
      subject: template.subject,
      ...withTrackedLinks(
        personalise(template.rendered, { unsubscribeUrl: '', preferencesUrl: '', cancelUrl }),
        template.links,
        message.recipientId,
        message.siteOrigin,
        this.tokens,
      ),
      messageId,
      transactional: true,
    };
  }

  /** The welcome email carries the active gift; a change of gift (or of its text) is a new template. */
  private async issueTemplate(issueId: string, siteOrigin: string, preorderBookTitle?: string) {
    const issue = await this.db
      .selectFrom('newsletterIssues')
      .select(['subject', 'preheader', 'body', 'sequenceStep', 'updatedAt'])
      .where('id', '=', issueId)
      .executeTakeFirstOrThrow();
    const gift = issue.sequenceStep === WELCOME_STEP ? await findActiveGift(this.db) : undefined;
    const key = `${issueId} ${siteOrigin} ${issue.updatedAt} ${gift ? `${gift.id} ${gift.updatedAt.toISOString()}` : ''} ${preorderBookTitle ?? ''}`;
    let template = this.templates.get(key);
    if (!template) {
      template = (async () => {
        const content = {
          subject: issue.subject,
          preheader: issue.preheader,
          body: issue.body,
          viewUrl: issueViewUrl(this.tokens, issueId, siteOrigin),
          assets: await loadIssueAssets(this.db, issue.body),
          ...(preorderBookTitle ? { preorderOf: { bookTitle: preorderBookTitle } } : {}),
        };
        const rendered = await renderIssueTemplate(content, siteOrigin, gift ?? null);
        // Each link gets its id once per issue; every recipient's copy links to /r/ with it.
        return {
          subject: issue.subject,
          rendered,
          links: await issueLinkIds(this.db, issueId, rendered.html, siteOrigin),
          withGift: gift !== undefined,
        };
      })();
      template.catch(() => this.templates.delete(key));
      this.templates.set(key, template);
      if (this.templates.size > TEMPLATE_CACHE_SIZE) this.templates.delete(this.templates.keys().next().value!);
    }
    return template;
  }

  /** A confirmation held back by the hourly caps: the subscription's current link, and when it was asked for. */
  private async confirmation(message: ClaimedMessage): Promise<QueuedEmail | null> {
    const row = await this.db
      .selectFrom('mailQueue as q')
      .innerJoin('newsletterSubscriptions as s', 's.id', 'q.recipientId')
      .select(['s.confirmationNonce', 'q.createdAt'])
      .where('q.mailingId', '=', message.mailingId)
      .where('q.recipientId', '=', message.recipientId)
      .executeTakeFirst();
    if (!row?.confirmationNonce) return null;
    return confirmationMessage(
      this.tokens,
      this.mailer,
      {
        subscriptionId: message.recipientId,
        nonce: row.confirmationNonce,
        email: message.email,
        origin: message.siteOrigin,
        requestedAt: new Date(row.createdAt),
      },
      new Date(),
    );
  }

  private async preorderNotice(message: ClaimedMessage, messageId: string): Promise<QueuedEmail | null> {
    const preorder = await this.db
      .selectFrom('preorders')
      .select(['bookId', 'customerName', 'preferredFormat'])
      .where('id', '=', message.recipientId)
      .executeTakeFirst();
    const book = preorder && (await findBook(this.db, preorder.bookId));
    if (!preorder || !book) return null;
    const rendered = await renderPreorderNotice({
      book,
      customerName: preorder.customerName,
      format: preorder.preferredFormat as PreorderFormat,
      siteOrigin: message.siteOrigin,
    });
    return { to: message.email, subject: preorderNoticeSubject(book.title), ...rendered, messageId };
  }
}
