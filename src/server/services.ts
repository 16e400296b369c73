import type { CommentSessions } from './comments/comment-sessions.js';
import type { SiteFederation } from './fediverse/site-federation-service.js';
import type { PageAnalytics } from './analytics/page-analytics.js';
import type { AdminAuth } from './auth/admin-auth.js';
import type { WorkGate } from './site/work-gate.js';
import type { UploadStore } from './content/uploads/upload-store.js';
import type { AppDatabase } from './db/connection.js';
import type { DkimKeys } from './deliverability/dkim-keys.js';
import type { SenderCheck } from './deliverability/sender-check.js';
import type { IssueMail } from './newsletter/issues/issue-mail.js';
import type { AuthorNotices } from './newsletter/mail/author-notices.js';
import type { Mailer } from './newsletter/mail/mailer.js';
import type { NewsletterMail } from './newsletter/newsletter-mail.js';
import type { PreorderMail } from './newsletter/preorders/preorder-mail.js';
import type { QueueSignal } from './newsletter/send-queue/queue-signal.js';
import type { QueuedMessages } from './newsletter/send-queue/queued-messages.js';
import type { SignupChallenge } from './newsletter/signup-abuse/signup-challenge.js';
import type { BackupService } from './operations/backup/backup-service.js';
import type { SalesConfig } from './sales/sales-config.js';
import type { PublicCache } from './site/cache/public-cache.js';
import type { OutboundRules } from './site/http/safe-fetch.js';
import type { RequestLimiters } from './site/rate-limit/request-limits.js';

/**
 * The send queue's mailer and messages, issue previews and tests, the author's notices
 * (built by newsletter/create-newsletter-mail.ts).
 */
export interface Mailing {
  /** Keeps pooled connections for the send queue (mail-queue-job.ts). */
  readonly queueMailer: Mailer;
  readonly queuedMessages: QueuedMessages;
  /** Wakes the send queue when a purchase email is queued (the buyer is waiting for it). */
  readonly queueSignal: QueueSignal;
  readonly issueMail: IssueMail;
  readonly authorNotices: AuthorNotices;
  readonly preorderMail: PreorderMail;
  /** Messages per minute the send queue sends at most (MAIL_RATE), or null for no cap. */
  readonly ratePerMinute: number | null;
  /** The site's DKIM key (Settings → Mail generates it). */
  readonly dkimKeys: DkimKeys;
}

/**
 * Long-lived services shared by every request of one app instance: app.ts builds them once; the tRPC
 * context (trpc/context.ts), the Fastify routes, the pages and the jobs are handed them.
 */
export interface AppServices {
  readonly db: AppDatabase;
  readonly cache: PublicCache;
  readonly auth: AdminAuth;
  readonly limiters: RequestLimiters;
  /** Runs site searches a few at a time (site/work-gate.ts). */
  readonly searchGate: WorkGate;
  /** Runs public pages of posts with their text (blog.list) a few at a time (site/work-gate.ts). */
  readonly listGate: WorkGate;
  /** PUBLIC_URL's origin, or null to use each request's own. */
  readonly publicOrigin: string | null;
  readonly mailer: Mailer;
  readonly newsletterMail: NewsletterMail;
  /** The sign-up form's proof-of-work challenge (src/server/newsletter/signup-abuse). */
  readonly signupChallenge: SignupChallenge;
  /** The send queue's mailer and messages, issue previews and tests, the author's notices. */
  readonly mailing: Mailing;
  readonly backups: BackupService;
  /** DATA_DIR/uploads (files on SQLite; seeding and backups use it). */
  readonly uploadsDir: string;
  /** Where uploads are kept and read, served under /objects/: the folder, or the database on PostgreSQL. */
  readonly uploads: UploadStore;
  /** Wakes the image-variants job: an import stored originals whose variants are still to make. */
  readonly imageVariants: QueueSignal;
  /** Cookie-less page views (src/server/analytics). */
  readonly analytics: PageAnalytics;
  /** SPF, DKIM and DMARC of MAIL_FROM's domain (Settings → Mail). */
  readonly senderCheck: SenderCheck;
  /** Where the server may connect on someone's behalf (imported images): public addresses (safe-fetch.ts). */
  readonly outbound: OutboundRules;
  /** The payment providers' webhook secrets set in the environment (src/server/sales). */
  readonly salesConfig: SalesConfig;
  /** Commenters' sign-in links and session cookies (src/server/comments). */
  readonly commentSessions: CommentSessions;
  /** The site as an ActivityPub actor: Fedify, its queue and store in the database (src/server/fediverse). */
  readonly fediverse: SiteFederation;
}
