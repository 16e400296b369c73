import type { FastifyInstance } from 'fastify';
import { blogPostPath } from '../../domain/content-links.js';
import type { AppServices } from '../services.js';
import { listLegacyPostPaths } from './imported-items.js';
import { legacyPathKey } from './legacy-paths.js';
import { legacyRedirectOf } from './legacy-redirects.js';

const NOT_PAGES = /^\/(api|trpc|objects|assets)\//;

/**
 * The addresses of the page an imported post's address holds: WordPress's attachment pages
 * (/2019/05/slug/attachment/photo/ and /2019/05/slug/photo/) lead to the post they were shown in.
 */
function parentKeys(key: string): string[] {
  const parts = key.split('/');
  if (parts.length < 3) return [];
  const parent = parts.slice(0, -1).join('/');
  return parts.at(-2) === 'attachment' && parts.length > 3 ? [parts.slice(0, -2).join('/'), parent] : [parent];
}

/**
 * Every old address, in this one hook (GET and HEAD only, before routing): imported posts' own addresses
 * (WordPress's /2019/05/slug/ and /?p=123, Ghost's /slug/, Substack's /p/slug) and the pages under them answer
 * 301 to the post here; then the old archives and feeds (legacy-redirects.ts: /category/x/, /tag/x/, /feed/,
 * /rss/, /author/x/, /page/N/) answer 301 to theirs. The map of imported addresses is cached like other public
 * reads and cleared with them, on every instance, so an import's addresses work everywhere as soon as it ends.
 * Neither ever hides a page of the site: imported addresses under its pages are not kept (legacy-paths.ts), and no
 * page takes an archive's first segment (LEGACY_ADDRESS_SEGMENTS).
 */
export function registerLegacyPermalinks(app: FastifyInstance, services: AppServices): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const url = request.url;
    if (NOT_PAGES.test(url)) return;
    const queryAt = url.indexOf('?');
    const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : url.slice(queryAt);
    const key = legacyPathKey(pathname, search);
    if (key) {
      let paths: Awaited<ReturnType<typeof listLegacyPostPaths>> | null = null;
      try {
        paths = await services.cache.get('legacy-paths', () => listLegacyPostPaths(services.db));
      } catch (error) {
        // The database is unreachable: the request itself answers as it would without imports (/healthz: 503).
        request.log.warn({ err: error }, 'old addresses of imported posts could not be read');
      }
      if (paths && paths.size > 0) {
        const slug =
          paths.get(key) ??
          parentKeys(key)
            .map((parent) => paths.get(parent))
            .find(Boolean);
        if (slug) return reply.redirect(blogPostPath({ slug }), 301);
      }
    }
    const target = legacyRedirectOf(pathname, search);
    if (target) return reply.redirect(target, 301);
  });
}
