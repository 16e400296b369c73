import type { FastifyInstance } from 'fastify';
import { blogPostPath } from '../../domain/content-links.js';
import type { AppServices } from '../services.js';
import { listLegacyPostPaths } from './imported-items.js';
import { legacyPathKey } from './legacy-paths.js';

const NOT_PAGES = /^\/(api|trpc|objects|assets)\//;

/**
 * Old addresses of imported posts (WordPress's /2019/05/slug/ and /?p=123, Ghost's /slug/, Substack's /p/slug)
 * answer 301 to the post's address here. The map is cached like other public reads and cleared with them, on
 * every instance, so an import's addresses work everywhere as soon as it ends.
 */
export function registerLegacyPermalinks(app: FastifyInstance, services: AppServices): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    if (NOT_PAGES.test(url)) return;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const key = legacyPathKey(pathname, queryAt < 0 ? '' : url.slice(queryAt));
    if (!key) return;
    let paths: Awaited<ReturnType<typeof listLegacyPostPaths>>;
    try {
      paths = await services.cache.get('legacy-paths', () => listLegacyPostPaths(services.db));
    } catch (error) {
      // The database is unreachable: the request itself answers as it would without imports (/healthz: 503).
      request.log.warn({ err: error }, 'old addresses of imported posts could not be read');
      return;
    }
    if (paths.size === 0) return;
    const slug = paths.get(key);
    if (slug) return reply.redirect(blogPostPath({ slug }), 301);
  });
}
