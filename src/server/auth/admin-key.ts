import type { FastifyReply, FastifyRequest } from 'fastify';
import { retryAfterSeconds } from '../site/rate-limit/retry-later.js';
import type { AdminAuth } from './admin-auth.js';

export const ADMIN_KEY_REQUIRED = 'Admin key required';
export const INVALID_ADMIN_KEY = 'Invalid admin key';
export const TOO_MANY_FAILED_ATTEMPTS = 'Too many failed attempts. Please wait a moment and try again.';

/** The bearer token of an Authorization header value. */
export function bearerTokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1]?.trim() || null;
}

/**
 * The Fastify routes' admin check (uploads, import, export, backup), as the admin procedures' (trpc.ts):
 * the bearer key is checked before the handler reads anything; a missing or wrong key is told 401, a
 * throttled address 429 with Retry-After, as JSON `{ error }`. The answer is sent here, so a route's own
 * error handler does not restate it.
 */
export function adminPreHandler(auth: Pick<AdminAuth, 'checkKey'>) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const key = bearerTokenOf(request.headers.authorization);
    if (!key) return reply.status(401).send({ error: ADMIN_KEY_REQUIRED });
    const check = await auth.checkKey(key, request.ip);
    if (check.ok) return undefined;
    if (check.reason === 'invalid') return reply.status(401).send({ error: INVALID_ADMIN_KEY });
    return reply
      .status(429)
      .header('retry-after', String(retryAfterSeconds(check.retryAfterMs)))
      .send({ error: TOO_MANY_FAILED_ATTEMPTS });
  };
}
