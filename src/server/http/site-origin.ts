import type { FastifyRequest } from 'fastify';

/**
 * The origin absolute links are made with: PUBLIC_URL when set, so a forged Host header is never
 * reflected into pages, feeds or caches; otherwise the request's own (local use).
 */
export function siteOrigin(publicOrigin: string | null, request: FastifyRequest): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}
