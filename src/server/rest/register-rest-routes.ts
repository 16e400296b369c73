import type { FastifyInstance } from 'fastify';
import { createCaller } from '../trpc/app-router.js';
import { createRequestContext, type AppServices } from '../trpc/context.js';
import { serializeBody } from './json-body.js';
import { restRoutes, type RestRequest } from './rest-routes.js';

/** Registers the REST adapter: each route builds a caller for the request and calls its procedure. */
export function registerRestRoutes(app: FastifyInstance, services: AppServices): void {
  for (const route of restRoutes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request, reply) => {
        const caller = createCaller(createRequestContext(services, request));
        const result = await route.call(caller, request as unknown as RestRequest);
        const status = route.status ?? 200;
        if (status === 204) return reply.status(204).send();
        const { body, etag } = serializeBody(result);
        reply.header('content-type', 'application/json; charset=utf-8');
        if (route.method === 'GET') {
          reply.header('etag', etag).header('cache-control', 'no-cache');
          if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        }
        return reply.status(status).send(body);
      },
    });
  }
}
