import type { ContactSubmission, Preorder } from '../../../domain/submissions.js';
import { MAIL_SETTINGS_KEY, mailSettingsSchema, type MailSettings } from '../../../domain/site-settings.js';
import type { AppDatabase } from '../../db/connection.js';
import { NoMailLinkOrigin } from '../../site/http/site-origin.js';
import { readSettings } from '../../site/settings/site-settings-repository.js';
import { renderCommentHeldNotice, renderContactNotice, renderPreorderReceivedNotice } from './author-notice-emails.js';
import type { BackgroundSends } from './background-sends.js';
import type { Mailer } from './mailer.js';

/**
 * Notices to the author (AUTHOR_EMAIL) of a new contact message or preorder, as the Settings
 * toggles allow. Sent in the background after the visitor's answer: a slow or failing relay
 * never delays or fails the visitor's request.
 */
export class AuthorNotices {
  constructor(
    private readonly db: AppDatabase,
    private readonly mailer: Mailer,
    private readonly authorEmail: string | null,
    private readonly sends: BackgroundSends,
  ) {}

  get configured(): boolean {
    return this.authorEmail !== null;
  }

  /** Resolves once the notices requested so far were sent (or failed). */
  settled(): Promise<void> {
    return this.sends.settled();
  }

  /** `siteOrigin` null (PUBLIC_URL unset, a request from afar): not sent, and the reason logged. */
  contactReceived(submission: Pick<ContactSubmission, 'name' | 'email' | 'message'>, siteOrigin: string | null): void {
    this.notify('notifyAuthorOfContact', async (to) => {
      if (siteOrigin === null) throw new NoMailLinkOrigin();
      const { html, text } = await renderContactNotice(submission, siteOrigin);
      await this.mailer.send({
        to,
        subject: `New message from ${oneLine(submission.name)}`,
        html,
        text,
        replyTo: submission.email,
      });
    });
  }

  preorderReceived(preorder: Preorder, siteOrigin: string | null): void {
    this.notify('notifyAuthorOfPreorder', async (to) => {
      if (siteOrigin === null) throw new NoMailLinkOrigin();
      const { html, text } = await renderPreorderReceivedNotice(preorder, siteOrigin);
      await this.mailer.send({
        to,
        subject: `New preorder: ${oneLine(preorder.bookTitle)} for ${oneLine(preorder.customerName)}`,
        html,
        text,
      });
    });
  }

  /** A reader's comment held for approval. */
  commentHeld(comment: { authorName: string; targetTitle: string; body: string }, siteOrigin: string | null): void {
    this.notify('notifyAuthorOfComments', async (to) => {
      if (siteOrigin === null) throw new NoMailLinkOrigin();
      const { html, text } = await renderCommentHeldNotice(comment, siteOrigin);
      await this.mailer.send({
        to,
        subject: `A comment to approve on ${oneLine(comment.targetTitle)}`,
        html,
        text,
      });
    });
  }

  private notify(toggle: keyof MailSettings, send: (to: string) => Promise<void>): void {
    const to = this.authorEmail;
    if (!to) return;
    this.sends.run(async () => {
      const settings = await readSettings(this.db, MAIL_SETTINGS_KEY, mailSettingsSchema);
      if (settings[toggle]) await send(to);
    });
  }
}

/** A visitor's text in a subject line: one line, bounded. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 80);
