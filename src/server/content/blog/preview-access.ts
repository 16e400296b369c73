import type { FastifyInstance } from 'fastify';
import { PREVIEW_SESSION_PATH } from '../../../domain/post-states.js';
import { SESSION_LIFETIME_MS } from '../../auth/admin-auth.js';
import { createRequestContext } from '../../trpc/context.js';
import type { RequestCookies } from '../../comments/comment-sessions.js';
import type { AppServices } from '../../services.js';

/**
 * Opening a preview is a page navigation, which carries no Authorization header: the admin area hands its
 * session token to the server once, which keeps it in an HttpOnly cookie sent only to /blog/preview/. The
 * preview page checks it like any admin key, so signing out (which ends the session) closes previews too.
 */
const PREVIEW_COOKIE = 'adminPreview';
const PREVIEW_COOKIE_PATH = '/blog/preview/';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{16,512}$/;

/** The session token in a request's preview cookie (parsed by @fastify/cookie), if any. */
export function previewKeyOf(cookies: RequestCookies | undefined): string | null {
  const token = cookies?.[PREVIEW_COOKIE];
  return token && COOKIE_VALUE.test(token) ? token : null;
}

export function registerPreviewAccess(app: FastifyInstance, services: AppServices): void {
  app.post(PREVIEW_SESSION_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = createRequestContext(services, request).adminKey;
    // Only a session token goes into a cookie, never the password itself (which is not even tried).
    if (!key || !COOKIE_VALUE.test(key) || !(await services.auth.isLiveSession(key)))
      return reply.status(401).send({ error: 'A signed-in admin session is required' });
    reply.setCookie(PREVIEW_COOKIE, key, {
      path: PREVIEW_COOKIE_PATH,
      maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
    });
    return reply.status(204).send();
  });
}
