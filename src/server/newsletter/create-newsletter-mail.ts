import type { AppConfig } from '../config.js';
import type { AppDatabase } from '../db/connection.js';
import { DkimKeys } from '../deliverability/dkim-keys.js';
import { withSendingIdentity } from '../deliverability/signed-mailer.js';
import { withSuppressionCheck } from '../deliverability/suppressed-mailer.js';
import { AuthorNotices } from './mail/author-notices.js';
import { BackgroundSends } from './mail/background-sends.js';
import { createMailer, type Mailer, type MailLog } from './mail/mailer.js';
import { QueuedMessages } from './send-queue/queued-messages.js';
import { QueueSignal } from './send-queue/queue-signal.js';
import { PurchaseEmails } from '../sales/purchase-emails.js';
import { ArcEmails } from '../arc/arc-emails.js';
import type { SalesFileStore } from '../sales/copies/sales-file-store.js';
import { PreorderMail } from './preorders/preorder-mail.js';
import { loadOrCreateSecret } from '../auth/site-secrets-repository.js';
import type { Mailing } from '../services.js';
import { IssueMail } from './issues/issue-mail.js';
import { NewsletterMail } from './newsletter-mail.js';
import { NewsletterTokens } from './newsletter-tokens.js';
import { SignupChallenge } from './signup-abuse/signup-challenge.js';

type Log = MailLog & { error: (fields: object, message: string) => void };

/** What createNewsletterMail builds; the pages its links open are registered by app.ts. */
export interface NewsletterMailServices {
  /** Single emails (confirmations, tests, notices). */
  readonly mailer: Mailer;
  readonly newsletterMail: NewsletterMail;
  readonly signupChallenge: SignupChallenge;
  readonly mailing: Mailing;
  /** The signing key of newsletter links (tracked /r/ links too). */
  readonly tokens: NewsletterTokens;
  /** Waits for the emails under way, then closes both mailers' connections. */
  close(): Promise<void>;
}

/**
 * The mailers and the newsletter's emails, sharing one signing key with the pages their links open.
 * `queueMailer` keeps pooled connections for the send queue (see mail-queue-job.ts), which the
 * server starts; single emails (confirmations, tests, notices) use `mailer`.
 */
export async function createNewsletterMail(
  db: AppDatabase,
  config: AppConfig,
  log: () => Log,
  /** Where buyers' personal copies are kept (the purchase email makes the copy once). */
  salesFiles: SalesFileStore,
): Promise<NewsletterMailServices> {
  const tokens = new NewsletterTokens(await loadOrCreateSecret(db, 'newsletter-links'));
  // Every email leaves through one of these two, so none reaches a suppressed address.
  const dkimKeys = new DkimKeys(db);
  const identity = { db, dkimKeys, bounces: config.bounces };
  const mailer = withSuppressionCheck(
    withSendingIdentity(createMailer(config.mail, config.dataDir, log), identity),
    db,
  );
  const queueMailer = withSuppressionCheck(
    withSendingIdentity(createMailer(config.mail, config.dataDir, log, { pool: true }), identity),
    db,
  );
  const sends = new BackgroundSends((error) => log().error({ err: error }, 'newsletter email could not be sent'));
  const noticeSends = new BackgroundSends((error) => log().error({ err: error }, 'author notice could not be sent'));
  return {
    mailer,
    newsletterMail: new NewsletterMail(db, mailer, tokens, sends, config.signupAbuse.caps),
    signupChallenge: new SignupChallenge(
      db,
      await loadOrCreateSecret(db, 'signup-challenge'),
      config.signupAbuse.challengeAlwaysOn,
    ),
    mailing: {
      queueMailer,
      queuedMessages: new QueuedMessages(
        db,
        queueMailer,
        tokens,
        new PurchaseEmails(db, config.mail.from, tokens, salesFiles),
        new ArcEmails(db, config.mail.from, tokens),
      ),
      /** Wakes the send queue when a purchase email is queued (the buyer is waiting for it). */
      queueSignal: new QueueSignal(),
      issueMail: new IssueMail(mailer, tokens),
      authorNotices: new AuthorNotices(db, mailer, config.authorEmail, noticeSends),
      preorderMail: new PreorderMail(mailer, tokens, sends),
      ratePerMinute: config.mailRate,
      /** The site's DKIM key (Settings → Mail generates it). */
      dkimKeys,
    },
    /** The signing key of newsletter links (tracked /r/ links too). */
    tokens,
    close: async () => {
      await Promise.all([sends.settled(), noticeSends.settled()]);
      mailer.close();
      queueMailer.close();
    },
  };
}
