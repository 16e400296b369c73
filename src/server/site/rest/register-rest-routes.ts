import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page } from '../../../domain/admin-lists.schema.js';
import { CachedBody } from '../cache/cached-body.js';
import { ifNoneMatchMatches, weakEtagOf } from '../http/conditional-get.js';
import { consumeLimit, TOO_MANY_REQUESTS } from '../rate-limit/request-limits.js';
import { RetryLater } from '../rate-limit/retry-later.js';
import { createCaller } from '../../trpc/app-router.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';
import { restRoutes, type RestRequest, type RestRoute } from './rest-routes.js';

/** Serialised public reads kept between writes (lists, and by-id reads of existing items). */
const PUBLIC_READ_ENTRIES = 1000;

/** Registers the REST adapter: each route builds a caller for the request and calls its procedure. */
export function registerRestRoutes(app: FastifyInstance, services: AppServices): void {
  const publicReads = services.cache.shelf<CachedBody>(PUBLIC_READ_ENTRIES);

  async function callProcedure(route: RestRoute, request: FastifyRequest): Promise<unknown> {
    const caller = createCaller(createRequestContext(services, request));
    return route.call(caller, request as unknown as RestRequest);
  }

  /** A public read: the kept answer if there is one, else the procedure's, kept for next time. */
  async function publicRead(route: RestRoute, key: string, request: FastifyRequest): Promise<CachedBody> {
    const kept = publicReads.get(key);
    if (kept) {
      // The procedure would have counted this read against the address; count it here instead.
      const decision = await consumeLimit(services.limiters.publicRead, request.ip);
      if (!decision.allowed) throw new RetryLater(TOO_MANY_REQUESTS, decision.retryAfterMs);
      return kept;
    }
    const generation = services.cache.generation;
    const answer = new CachedBody(toJson(await callProcedure(route, request)));
    publicReads.set(key, answer, generation);
    return answer;
  }

  for (const route of restRoutes) {
    const status = route.status ?? 200;
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        if (route.headers) reply.headers(route.headers);
        const key = route.publicReadKey?.(request as unknown as RestRequest);
        if (key !== undefined) return sendKept(request, reply, status, await publicRead(route, key, request));
        const result = await callProcedure(route, request);
        if (status === 204) return reply.status(204).send();
        const body = route.paged ? pageBody(request, reply, result as Page<unknown>) : result;
        return sendJson(request, reply, status, toJson(body), route.method === 'GET');
      },
    });
  }
}

/** A paged list's items, with the next page's cursor and address in headers (none on the last page). */
function pageBody(request: FastifyRequest, reply: FastifyReply, page: Page<unknown>): unknown[] {
  if (page.nextCursor !== null) {
    const next = new URL(request.url, 'http://site.invalid');
    next.searchParams.set('cursor', page.nextCursor);
    reply.header('x-next-cursor', page.nextCursor).header('link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return page.items;
}

function toJson(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value ?? null), 'utf8');
}

/**
 * Reads (kept in the public cache between requests, or made once) carry an ETag and `no-cache`
 * (revalidate every time) and answer 304 when unchanged. A kept answer is sent in the compressed
 * form the cache keeps; any other is left to the compress plugin, which suits a body sent once.
 */
function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: CachedBody,
): Promise<FastifyReply> | FastifyReply {
  reply
    .status(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', body.etag)
    .header('cache-control', 'no-cache');
  if (ifNoneMatchMatches(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  return body.send(request, reply.header('vary', 'Accept-Encoding'));
}

function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  bytes: Buffer,
  isRead: boolean,
): FastifyReply {
  reply.status(status).header('content-type', 'application/json; charset=utf-8');
  if (isRead) {
    const etag = weakEtagOf(bytes);
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  }
  return reply.send(bytes);
}
