import { COMMENT_SESSION_COOKIE, COMMENT_SESSION_DAYS } from '../../domain/comments.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const COOKIE_VALUE = /^[^;\s]{1,300}$/;

/** The cookies of a request, as @fastify/cookie parsed them (registered once, in app.ts). */
export type RequestCookies = Readonly<Record<string, string | undefined>>;

/** The raw `commentReader` cookie among a request's cookies, if any. */
export function commentCookieOf(cookies: RequestCookies | undefined): string | null {
  const value = cookies?.[COMMENT_SESSION_COOKIE];
  return value && COOKIE_VALUE.test(value) ? value : null;
}

/** How the session cookie is set and cleared (reply.setCookie / clearCookie): the whole site, not to scripts. */
export const COMMENT_SESSION_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

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

  /** The session cookie's value for a new session of the subscription (COMMENT_SESSION_DAYS long). */
  sessionToken(subscriptionId: string, now = Date.now()): string {
    return this.tokens.commentSessionToken({ subscriptionId, expiresAt: now + COMMENT_SESSION_DAYS * DAY_MS });
  }

  /** The subscription a session cookie names, or null (none, forged, expired). */
  subscriptionOf(cookie: string | null, now = Date.now()): string | null {
    if (!cookie) return null;
    const check = this.tokens.checkCommentSessionToken(cookie, now);
    return check.ok ? check.claim.subscriptionId : null;
  }
}
