import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimiter } from './rate-limiter.js';
import { consumeLimit } from './request-limits.js';
import { retryAfterSeconds } from './retry-later.js';

/**
 * The per-address limit of a route, as a preHandler: the request counts one hit of the address
 * against `limiter` (none when null: RATE_LIMITS=off) before its handler runs; a refused one is told
 * when to come back (Retry-After) and sent the route's own 429 answer by `refuse` (a notice page, a
 * JSON error), and its handler never runs.
 */
export function perAddressLimit(
  limiter: RateLimiter | null,
  refuse: (reply: FastifyReply) => FastifyReply,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  return async (request, reply) => {
    const decision = await consumeLimit(limiter, request.ip);
    if (decision.allowed) return undefined;
    reply.header('retry-after', String(retryAfterSeconds(decision.retryAfterMs)));
    return refuse(reply.status(429));
  };
}
