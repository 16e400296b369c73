import type { FastifyInstance } from 'fastify';
import { PREVIEW_SESSION_PATH } from '../../../domain/post-states.js';
import { SESSION_LIFETIME_MS } from '../../auth/admin-auth.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';

/**
 * Opening a preview is a page navigation, which carries no Authorization header: the admin area hands its
 * session token to the server once, which keeps it in an HttpOnly cookie sent only to /blog/preview/. The
 * preview page checks it like any admin key, so signing out (which ends the session) closes previews too.
 */
const PREVIEW_COOKIE = 'adminPreview';
const PREVIEW_COOKIE_PATH = '/blog/preview/';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{16,512}$/;

/** The session token in a request's preview cookie, if any. */
export function previewKeyOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PREVIEW_COOKIE) {
      const token = value.join('=');
      return COOKIE_VALUE.test(token) ? token : null;
    }
  }
  return null;
}

export function registerPreviewAccess(app: FastifyInstance, services: AppServices): void {
  app.post(PREVIEW_SESSION_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const key = createRequestContext(services, request).adminKey;
    // Only a session token goes into a cookie, never the password itself (which is not even tried).
    if (!key || !COOKIE_VALUE.test(key) || !(await services.auth.isLiveSession(key)))
      return reply.status(401).send({ error: 'A signed-in admin session is required' });
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${PREVIEW_COOKIE}=${key}; Path=${PREVIEW_COOKIE_PATH}; Max-Age=${Math.floor(SESSION_LIFETIME_MS / 1000)}; ` +
        `HttpOnly; SameSite=Strict${secure}`,
    );
    return reply.status(204).send();
  });
}
