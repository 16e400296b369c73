import { COMMENT_SESSION_COOKIE, COMMENT_SESSION_DAYS } from '../../domain/comments.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${COMMENT_SESSION_COOKIE}=([^;\\s]{1,300})`);

/** The raw `commentReader` cookie of a Cookie header, if any. */
export function commentCookieOf(cookieHeader: string | undefined): string | null {
  return cookieHeader ? (COOKIE_VALUE.exec(cookieHeader)?.[1] ?? null) : null;
}

/**
 * A commenter's sign-in: the emailed link and the session cookie, both signed with the newsletter's
 * key (newsletter-tokens.ts). The cookie names the subscription; whether it may still comment (active,
 * not banned) is read from the database on each use.
 */
export class CommentSessions {
  constructor(private readonly tokens: NewsletterTokens) {}

  signInToken(signInId: string, expiresAt: number): string {
    return this.tokens.commentSignInToken({ signInId, expiresAt });
  }

  checkSignInToken(token: unknown, now = Date.now()) {
    return this.tokens.checkCommentSignInToken(token, now);
  }

  /** The Set-Cookie value of a new session for the subscription. */
  sessionCookie(subscriptionId: string, secure: boolean, now = Date.now()): string {
    const token = this.tokens.commentSessionToken({ subscriptionId, expiresAt: now + COMMENT_SESSION_DAYS * DAY_MS });
    return (
      `${COMMENT_SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${COMMENT_SESSION_DAYS * 86_400}` +
      (secure ? '; Secure' : '')
    );
  }

  static signOutCookie(): string {
    return `${COMMENT_SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  }

  /** The subscription a session cookie names, or null (none, forged, expired). */
  subscriptionOf(cookie: string | null, now = Date.now()): string | null {
    if (!cookie) return null;
    const check = this.tokens.checkCommentSessionToken(cookie, now);
    return check.ok ? check.claim.subscriptionId : null;
  }
}
