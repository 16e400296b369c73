import type { PageAnalytics } from '../analytics/page-analytics.js';
import type { AdminAuth, KeyCheck } from '../auth/admin-auth.js';
import type { BackupService } from '../operations/backup/backup-service.js';
import type { PublicCache } from '../site/cache/public-cache.js';
import type { SenderCheck } from '../deliverability/sender-check.js';
import type { AppDatabase } from '../db/connection.js';
import { mailLinkOrigin } from '../site/http/site-origin.js';
import type { OutboundRules } from '../site/http/safe-fetch.js';
import type { Mailer } from '../newsletter/mail/mailer.js';
import type { Mailing } from '../newsletter/create-newsletter-mail.js';
import type { NewsletterMail } from '../newsletter/newsletter-mail.js';
import type { SignupChallenge } from '../newsletter/signup-abuse/signup-challenge.js';
import type { RequestLimiters } from '../site/rate-limit/request-limits.js';
import type { WorkGate } from '../site/work-gate.js';
import type { UploadStore } from '../content/uploads/upload-store.js';
import type { SalesConfig } from '../sales/sales-config.js';

/** Long-lived services shared by every request of one app instance. */
export type AppServices = {
  db: AppDatabase;
  cache: PublicCache;
  auth: AdminAuth;
  limiters: RequestLimiters;
  /** Runs site searches a few at a time (site/work-gate.ts). */
  searchGate: WorkGate;
  /** Runs public pages of posts with their text (blog.list) a few at a time (site/work-gate.ts). */
  listGate: WorkGate;
  /** PUBLIC_URL's origin, or null to use each request's own. */
  publicOrigin: string | null;
  mailer: Mailer;
  newsletterMail: NewsletterMail;
  /** The sign-up form's proof-of-work challenge (src/server/newsletter/signup-abuse). */
  signupChallenge: SignupChallenge;
  /** The send queue's mailer and messages, issue previews and tests, the author's notices. */
  mailing: Mailing;
  backups: BackupService;
  /** DATA_DIR/uploads (files on SQLite; seeding and backups use it). */
  uploadsDir: string;
  /** Where uploads are kept and read, served under /objects/: the folder, or the database on PostgreSQL. */
  uploads: UploadStore;
  /** Cookie-less page views (src/server/analytics). */
  analytics: PageAnalytics;
  /** SPF, DKIM and DMARC of MAIL_FROM's domain (Settings → Mail). */
  senderCheck: SenderCheck;
  /** Where the server may connect on someone's behalf (imported images): public addresses (safe-fetch.ts). */
  outbound: OutboundRules;
  /** The payment providers' webhook secrets set in the environment (src/server/sales). */
  salesConfig: SalesConfig;
};

export type RequestContext = AppServices & {
  clientAddress: string;
  /** The origin for absolute links (in emails): PUBLIC_URL, else the request's own. */
  siteOrigin: string;
  /**
   * The origin for links in emails a visitor's request sends (confirmation, the author's notices):
   * PUBLIC_URL, else the request's own on a loopback name only; null: such emails are not sent.
   */
  mailLinkOrigin: string | null;
  /** The bearer token of the Authorization header, if any. */
  adminKey: string | null;
  /**
   * Shared by every call of one HTTP request (a tRPC batch): the key is checked once, one password is
   * tried, a few searches run, the answers weigh so much in all (trpc.ts, boundedAnswers).
   */
  perRequest: { keyCheck: Promise<KeyCheck> | null; passwordAttempts: number; searches: number; answerSize: number };
};

/** The bearer token of an Authorization header value. */
function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

export function createRequestContext(
  services: AppServices,
  request: { ip: string; headers: { authorization?: string | undefined }; protocol?: string; host?: string },
): RequestContext {
  const requestOrigin = request.protocol && request.host ? `${request.protocol}://${request.host}` : 'http://localhost';
  return {
    ...services,
    clientAddress: request.ip,
    siteOrigin: services.publicOrigin ?? requestOrigin,
    mailLinkOrigin: mailLinkOrigin(services.publicOrigin, request),
    adminKey: bearerTokenOf(request.headers.authorization),
    perRequest: { keyCheck: null, passwordAttempts: 0, searches: 0, answerSize: 0 },
  };
}
