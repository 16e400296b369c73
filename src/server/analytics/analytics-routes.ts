import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NAVIGATION_BEACON_PATH } from '../../domain/analytics-paths.js';
import { consumeLimit } from '../site/rate-limit/request-limits.js';
import type { AppServices } from '../services.js';
import { dayOf } from './calendar.js';
import { countedPath } from './visit-filter.js';

const MAX_BEACON_BYTES = 512;

/** The admin's session tokens already seen today, so each is looked up once a day. */
function adminVisitorNotes(services: AppServices) {
  const seen = new Map<string, string>();
  return async (request: FastifyRequest): Promise<void> => {
    const match = /^Bearer\s+(\S{16,512})$/i.exec(request.headers.authorization ?? '');
    if (!match) return;
    const key = `${match[1]} ${request.ip} ${request.headers['user-agent'] ?? ''}`;
    const today = dayOf(new Date());
    if (seen.get(key) === today) return;
    if (!(await services.auth.isLiveSession(match[1]!))) return;
    if (seen.size > 1000) seen.clear();
    seen.set(key, today);
    services.analytics.noteAdmin(request);
  };
}

export type AnalyticsRouteOptions = {
  /** Whether a path names a page of the site (site/pages/page-exists.ts): the beacon counts no other. */
  pageExists: (path: string) => Promise<boolean>;
};

/**
 * The page's navigation beacon (a same-origin `navigator.sendBeacon` with the new path as plain
 * text; 204, no cookie), and the hook that recognises the admin's own browser: a request that
 * carries a live admin session marks its address and user agent as the admin's for the day. The
 * beacon is held to the `tracking` limit per address, and counts only the site's real pages.
 */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  services: AppServices,
  options: AnalyticsRouteOptions,
): void {
  const noteAdmin = adminVisitorNotes(services);
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 400 && request.headers.authorization)
      await noteAdmin(request).catch((error: unknown) =>
        request.log.warn({ err: error }, 'analytics could not check whether the visitor is the admin'),
      );
  });

  app.post(NAVIGATION_BEACON_PATH, { bodyLimit: MAX_BEACON_BYTES }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Another site's page cannot report views here (browsers say where a request came from).
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin')
      return reply.status(403).send({ error: 'Views are reported by this site’s own pages only' });
    if (typeof request.body !== 'string') return reply.status(415).send({ error: 'Send the page path as text/plain' });
    const decision = await consumeLimit(services.limiters.tracking, request.ip);
    if (!decision.allowed) return reply.status(429).send({ error: 'Too many requests' });
    const path = countedPath(request.body.trim());
    if (!path || !(await options.pageExists(path))) return reply.status(400).send({ error: 'Not a page of this site' });
    services.analytics.navigation(request, path);
    return reply.status(204).send();
  });
}
