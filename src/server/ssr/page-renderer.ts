import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { unstable_localLink } from '@trpc/client';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { withScriptSources } from '../http/content-security-policy.js';
import { appRouter } from '../trpc/app-router.js';
import { createRequestContext, type AppServices } from '../trpc/context.js';
import type { HtmlCache } from './html-cache.js';
import { inlineScriptHashes } from './inline-scripts.js';
import type { ClientAssets, SsrEntry } from './types.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The cookie the announcement bar sets when dismissed (src/client/layout/announcement-context.tsx). */
const ANNOUNCEMENT_COOKIE = /(?:^|;)\s*announcementDismissed=1\s*(?:;|$)/;

/**
 * Query parameters that change what a page shows. No route reads one today, so a page is
 * rendered (and cached) by its path alone: `?utm_source=…` and the like share one entry.
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set<string>();

/** Paths that name a file: never a page, so a miss is a plain 404 without rendering. */
const FILE_PATH = /^\/(?:assets\/|objects\/)|\.(?:js|mjs|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|webmanifest)$/i;

/** One rendered page, kept in the HTML cache; compressed bodies are made on first demand. */
export type RenderedPage = {
  status: number;
  body: Buffer;
  etag: string;
  /** CSP sources of the page's inline scripts. */
  scriptSources: string[];
  encoded: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
  /** The last CSP header built for this page, by the policy helmet set. */
  csp?: { base: string; value: string };
};

export type PageRendererOptions = {
  services: AppServices;
  /** The server renderer; in development reloaded on each request (hot reload). */
  loadEntry: () => Promise<SsrEntry>;
  assets: () => Promise<ClientAssets>;
  /** Null in development: every request renders afresh. */
  cache: HtmlCache<RenderedPage> | null;
  log: FastifyBaseLogger;
  /** Development: map an error's stack back to the sources. */
  fixStack?: (error: Error) => void;
};

export function isAnnouncementDismissed(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && ANNOUNCEMENT_COOKIE.test(cookieHeader);
}

/** The path (as requested) plus the query parameters that matter, in a stable order. */
export function pageLocation(rawUrl: string): string {
  const queryStart = rawUrl.indexOf('?');
  const pathname = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
  const params = new URLSearchParams(queryStart < 0 ? '' : rawUrl.slice(queryStart + 1));
  const kept = [...params].filter(([name]) => PAGE_QUERY_PARAMS.has(name)).sort(([a], [b]) => a.localeCompare(b));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  return `${pathname}${query}`;
}

export function cacheKey(origin: string, location: string, announcementDismissed: boolean): string {
  return `${origin} ${location} ${announcementDismissed ? 1 : 0}`;
}

/** br when accepted, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.get('*') ?? 0);
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function encodedBody(page: RenderedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const existing = page.encoded[encoding];
  if (existing) return existing;
  const made =
    encoding === 'br'
      ? brotli(page.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
          },
        })
      : gzipAsync(page.body, { level: 9 });
  page.encoded[encoding] = made;
  return made;
}

function contentSecurityPolicy(page: RenderedPage, base: string): string {
  if (page.csp?.base !== base) page.csp = { base, value: withScriptSources(base, page.scriptSources) };
  return page.csp.value;
}

const ERROR_PAGE = Buffer.from(
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>' +
    '<body><h1>Something went wrong</h1><p>Please try again in a moment.</p></body></html>',
);

/**
 * Serves public pages from the server renderer: renders each URL once, keeps the HTML (and its
 * compressed forms) until the next content write, and sends it with a CSP that allows exactly
 * its inline hydration scripts.
 */
export function createPageRenderer(options: PageRendererOptions) {
  const { services, cache, log } = options;
  /** Renders in progress, so concurrent requests for one page share one render. */
  const inFlight = new Map<string, Promise<RenderedPage | { redirect: string; status: number }>>();
  if (cache) services.cache.onClear(() => inFlight.clear());

  async function renderPage(
    request: FastifyRequest,
    origin: string,
    location: string,
    announcementDismissed: boolean,
  ): Promise<RenderedPage | { redirect: string; status: number }> {
    const generation = cache?.generation ?? 0;
    const [entry, assets] = await Promise.all([options.loadEntry(), options.assets()]);
    const context = createRequestContext(services, { ip: request.ip, headers: {} });
    const result = await entry.render({
      url: `${origin}${location}`,
      announcementDismissed,
      assets,
      trpcLink: unstable_localLink({
        router: appRouter,
        createContext: async () => context,
        transformer: superjson,
        onError: ({ error, path }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') log.error({ err: error, procedure: path }, 'procedure failed during render');
        },
      }),
    });
    if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
    const body = Buffer.from(result.html, 'utf8');
    const page: RenderedPage = {
      status: result.status,
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      scriptSources: inlineScriptHashes(result.html),
      encoded: {},
    };
    if (cache && result.cacheable) cache.set(cacheKey(origin, location, announcementDismissed), page, generation);
    return page;
  }

  function pageFor(request: FastifyRequest, origin: string, location: string, announcementDismissed: boolean) {
    const key = cacheKey(origin, location, announcementDismissed);
    const cached = cache?.get(key);
    if (cached) return cached;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = renderPage(request, origin, location, announcementDismissed).finally(() => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    });
    if (cache) inFlight.set(key, started);
    return started;
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = request.url.split('?')[0] ?? '/';
    if (FILE_PATH.test(path)) {
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    }
    // '//host/…' would read as another origin: send it to the same path with one slash.
    if (path.startsWith('//')) return reply.redirect(`/${path.replace(/^\/+/, '')}`, 301);
    const origin = `${request.protocol}://${request.host}`;
    const location = pageLocation(request.url);
    const announcementDismissed = isAnnouncementDismissed(request.headers.cookie);

    let page: RenderedPage | { redirect: string; status: number };
    try {
      page = await pageFor(request, origin, location, announcementDismissed);
    } catch (error) {
      if (error instanceof Error) options.fixStack?.(error);
      log.error({ err: error, url: request.url }, 'page render failed');
      return reply.status(500).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(ERROR_PAGE);
    }
    if ('redirect' in page) return reply.redirect(page.redirect, page.status);

    const baseCsp = reply.getHeader('content-security-policy');
    if (typeof baseCsp === 'string') reply.header('content-security-policy', contentSecurityPolicy(page, baseCsp));
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding, Cookie')
      .header('etag', page.etag);
    if (page.status === 200 && request.headers['if-none-match'] === page.etag) return reply.status(304).send();

    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page.body);
    const body = await encodedBody(page, encoding);
    return reply.header('content-encoding', encoding).send(body);
  };
}
