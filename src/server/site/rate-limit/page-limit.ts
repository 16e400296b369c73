import type { FastifyReply, FastifyRequest } from 'fastify';
import { type NoticePage, type NoticePageStyles, sendNoticePage } from '../../newsletter/notice-page.js';
import type { RateLimiter } from './rate-limiter.js';
import { consumeLimit, TOO_MANY_REQUESTS } from './request-limits.js';
import { retryAfterSeconds } from './retry-later.js';

/** The one notice a server-rendered page or form post is refused with once its address is over a limit. */
const TOO_MANY_REQUESTS_PAGE: NoticePage = {
  title: 'Too many requests',
  heading: 'Too many requests',
  paragraphs: [TOO_MANY_REQUESTS],
};

/**
 * Counts one hit of the request's address against `limiter` (none when null: RATE_LIMITS=off); past the
 * limit, sends the 429 notice page with Retry-After (in the site's frame, `styles`) and says true.
 */
export async function refusedOverPageLimit(
  limiter: RateLimiter | null,
  request: FastifyRequest,
  reply: FastifyReply,
  styles?: NoticePageStyles,
): Promise<boolean> {
  const decision = await consumeLimit(limiter, request.ip);
  if (decision.allowed) return false;
  reply.header('retry-after', String(retryAfterSeconds(decision.retryAfterMs)));
  void sendNoticePage(reply, 429, TOO_MANY_REQUESTS_PAGE, styles);
  return true;
}

/**
 * The per-address limit of a group of server-rendered pages and form posts, as their preHandler: past
 * the limit a request is answered 429 with Retry-After and the site's "Too many requests" notice page,
 * and its handler never runs. A page group builds it once and gives it to each of its routes
 * (`{ preHandler: limited }`); the JSON routes keep per-address-limit.ts with their own answer.
 */
export function limitPagesPerAddress(
  limiter: RateLimiter | null,
  styles?: NoticePageStyles,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  return async (request, reply) => ((await refusedOverPageLimit(limiter, request, reply, styles)) ? reply : undefined);
}
