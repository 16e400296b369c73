import type { KeyCheck } from '../auth/admin-auth.js';
import { bearerTokenOf } from '../auth/admin-key.js';
import { commentCookieOf, type RequestCookies } from '../comments/comment-sessions.js';
import { mailLinkOrigin } from '../site/http/site-origin.js';
import type { AppServices } from '../services.js';

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
  /** The signed-in commenter's session cookie (src/server/comments), if the request carries one. */
  commentCookie: string | null;
  /**
   * Shared by every call of one HTTP request (a tRPC batch): the key is checked once, one password is
   * tried, a few searches run, the answers weigh so much in all (trpc.ts, boundedAnswers).
   */
  perRequest: { keyCheck: Promise<KeyCheck> | null; passwordAttempts: number; searches: number; answerSize: number };
};

export function createRequestContext(
  services: AppServices,
  request: {
    ip: string;
    headers: { authorization?: string | undefined };
    /** Parsed by @fastify/cookie. */
    cookies?: RequestCookies;
    protocol?: string;
    host?: string;
  },
): RequestContext {
  const requestOrigin = request.protocol && request.host ? `${request.protocol}://${request.host}` : 'http://localhost';
  return {
    ...services,
    clientAddress: request.ip,
    siteOrigin: services.publicOrigin ?? requestOrigin,
    mailLinkOrigin: mailLinkOrigin(services.publicOrigin, request),
    adminKey: bearerTokenOf(request.headers.authorization),
    commentCookie: commentCookieOf(request.cookies),
    perRequest: { keyCheck: null, passwordAttempts: 0, searches: 0, answerSize: 0 },
  };
}
