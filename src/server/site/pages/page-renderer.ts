import { unstable_localLink } from '@trpc/client';
import { loggedUrl } from '../http/request-log.js';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { blogCategoryFrom, blogPageFrom } from '../../../domain/blog.js';
import { isBlogPreviewPath } from '../../../domain/post-states.js';
import { FORM_RESULT_PAGES, FORM_RESULT_PARAMS, type FormOutcome } from '../../../domain/form-posts.js';
import { SEARCH_PATH } from '../../../domain/search.js';
import { ISSUE_VIEW_KEY_PARAM, NEWSLETTER_ARCHIVE_PATH } from '../../../domain/newsletter-issues.js';
import { previewKeyOf } from '../../content/blog/preview-access.js';
import { commentCookieOf, type RequestCookies } from '../../comments/comment-sessions.js';
import { COMMENT_SESSION_COOKIE, isCommentPagePath } from '../../../domain/comments.js';
import { withScriptSources } from '../http/content-security-policy.js';
import { ifNoneMatchMatches } from '../http/conditional-get.js';
import { siteOrigin } from '../http/site-origin.js';
import type { NoticePageStyles } from '../../newsletter/notice-page.js';
import { refusedOverPageLimit } from '../rate-limit/page-limit.js';
import { appRouter } from '../../trpc/app-router.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';
import { CachedBody } from '../cache/cached-body.js';
import type { CacheShelf } from '../cache/public-cache.js';
import { blogCategoryLocation } from './category-redirect.js';
import { newScriptNonce, rendererScripts } from './inline-scripts.js';
import { RENDER_SLOTS, RenderSlots } from './render-slots.js';
import { databaseEngine } from '../../db/database-engine.js';
import type { ClientAssets, SsrEntry } from './types.js';

/** Paths that name a file: never a page, so a miss is a plain 404 without rendering. */
const FILE_PATH =
  /^\/(?:assets\/|objects\/)|\.(?:js|mjs|css|map|json|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|webmanifest)$/i;

/** One rendered page, kept in the public cache's page shelf unless it is for one reader. */
export type RenderedPage = {
  status: number;
  body: CachedBody;
  /** Stored in the page shelf: sent in the compressed forms it keeps, else by the compress plugin. */
  kept: boolean;
  /** CSP sources of the inline scripts the renderer wrote (never of one that came with content). */
  scriptSources: string[];
  /** The last CSP header built for this page, by the policy helmet set. */
  csp?: { base: string; value: string };
};

export type PageRendererOptions = {
  services: AppServices;
  /** The server renderer; in development reloaded on each request (hot reload). */
  loadEntry: () => Promise<SsrEntry>;
  assets: () => Promise<ClientAssets>;
  /** The public cache's shelf of rendered pages; null in development: every request renders afresh. */
  cache: CacheShelf<RenderedPage> | null;
  log: FastifyBaseLogger;
  /** Development: map an error's stack back to the sources. */
  fixStack?: (error: Error) => void;
  /** The site's stylesheets for the notice page a page request over the read limit is answered with. */
  noticePageStyles?: NoticePageStyles;
};

/** The cookie the announcement bar sets when dismissed (src/client/layout/announcement-context.tsx). */
const ANNOUNCEMENT_COOKIE_NAME = 'announcementDismissed';

export function isAnnouncementDismissed(cookies: RequestCookies | undefined): boolean {
  return cookies?.[ANNOUNCEMENT_COOKIE_NAME] === '1';
}

/**
 * The path as requested, with only the query parameters that change what the page shows: the
 * blog's category (when it could name one: blogCategoryLocation keeps those the site has), tag and page (2 and up; a
 * tag's page too) and the form pages' result parameters. A page is rendered
 * and cached by that, so `?utm_source=…` and the like share one entry.
 */
export function pageLocation(rawUrl: string): string {
  const queryStart = rawUrl.indexOf('?');
  const pathname = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
  if (queryStart < 0) return pathname;
  const params = new URLSearchParams(rawUrl.slice(queryStart + 1));
  const kept: Array<[string, string]> = [];
  if (pathname === '/blog') {
    const category = blogCategoryFrom(params.get('category'));
    if (category) kept.push(['category', category]);
    const tag = blogCategoryFrom(params.get('tag'));
    if (tag) kept.push(['tag', tag]);
    const page = blogPageFrom(params.get('page'));
    if (page) kept.push(['page', String(page)]);
  }
  if (pathname.startsWith('/blog/tag/')) {
    const page = blogPageFrom(params.get('page'));
    if (page) kept.push(['page', String(page)]);
  }
  if (pathname === '/art-music' && params.get('tab') === 'music') kept.push(['tab', 'music']);
  if (pathname === SEARCH_PATH) {
    const q = params.get('q');
    if (q) kept.push(['q', q]);
  }
  if (pathname.startsWith(`${NEWSLETTER_ARCHIVE_PATH}/`)) {
    const key = params.get(ISSUE_VIEW_KEY_PARAM);
    if (key) kept.push([ISSUE_VIEW_KEY_PARAM, key]);
  }
  if (FORM_RESULT_PAGES.includes(pathname)) {
    kept.push(...[...params].filter(([name]) => FORM_RESULT_PARAMS.includes(name)));
  }
  kept.sort(([a], [b]) => a.localeCompare(b));
  return kept.length ? `${pathname}?${new URLSearchParams(kept).toString()}` : pathname;
}

/**
 * Search results answer one reader's words: rendered for each request rather than kept (any text
 * would otherwise push real pages out of the HTML cache), and never indexed by search engines.
 */
const isSearchPage = (location: string): boolean => location.split('?')[0] === SEARCH_PATH;

/** The blog list of one tag (`?tag=`, where an old site's /tag/x/ leads): any slug can be asked for. */
const isTagList = (location: string): boolean => location.startsWith('/blog?') && /[?&]tag=/.test(location);

/**
 * Pages answering what one reader holds, rendered for each request and never indexed: search results, and an
 * issue opened by its "view in browser" key (made-up keys must not fill the HTML cache either), and a tag's list
 * (made-up tags neither).
 */
const isForOneReader = (location: string): boolean =>
  isSearchPage(location) ||
  isTagList(location) ||
  (location.startsWith(`${NEWSLETTER_ARCHIVE_PATH}/`) && location.includes(`?${ISSUE_VIEW_KEY_PARAM}=`));

/**
 * A form's result (`?sent=…` after a post) is a page for one visitor: it is never kept in the
 * HTML cache, nor in any other.
 */
function isFormResult(location: string): boolean {
  const queryStart = location.indexOf('?');
  if (queryStart < 0) return false;
  const params = new URLSearchParams(location.slice(queryStart + 1));
  return FORM_RESULT_PARAMS.some((name) => params.has(name));
}

/** A refused form post, answered with the form's page showing the errors and the values sent. */
export type FormResultRender = { location: string; outcome: FormOutcome; status: number };

/** One page to render: the page at `location` of `origin`, as `request` asks for it. */
type PageRender = {
  request: FastifyRequest;
  origin: string;
  location: string;
  announcementDismissed: boolean;
  /** A refused form post's errors and values, shown on its form's page. */
  formOutcome?: FormOutcome;
  /** A preview's admin key (from its cookie): the page's queries run as the admin. */
  adminKey?: string | null;
  /** A signed-in commenter's session cookie: the page (its comment form) is theirs alone. */
  commentCookie?: string | null;
};

/** A signed-in commenter's cookie on a page with comments: that page is rendered for them and never kept. */
const commentCookieFor = (request: FastifyRequest, location: string): string | null =>
  isCommentPagePath(location.split('?')[0] ?? '') ? commentCookieOf(request.cookies) : null;

export function cacheKey(origin: string, location: string, announcementDismissed: boolean): string {
  return `${origin} ${location} ${announcementDismissed ? 1 : 0}`;
}

function contentSecurityPolicy(page: RenderedPage, base: string): string {
  if (page.csp?.base !== base) page.csp = { base, value: withScriptSources(base, page.scriptSources) };
  return page.csp.value;
}

const ERROR_PAGE = Buffer.from(
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>' +
    '<body><h1>Something went wrong</h1><p>Please try again in a moment.</p></body></html>',
);

type RenderOutcome = RenderedPage | { redirect: string; status: number };

/**
 * One page renderer's state: its options, the renders in progress (so concurrent requests for one page share one)
 * and the slots renders take turns in.
 */
type Renderer = { options: PageRendererOptions; inFlight: Map<string, Promise<RenderOutcome>>; slots: RenderSlots };

/** A rendered page that is the same for every reader of its address is kept in the page shelf. */
const isKeptAlike = ({ location, formOutcome, commentCookie }: PageRender): boolean =>
  !formOutcome &&
  !isFormResult(location) &&
  !isForOneReader(location) &&
  !isBlogPreviewPath(location) &&
  !commentCookie;

/** The procedures' context of a render: the page's request, as the admin for a preview, as the commenter when signed in. */
function renderContext({ services }: PageRendererOptions, { request, adminKey, commentCookie }: PageRender) {
  // The page request was counted against the read limit once, at the door; its queries are not.
  return createRequestContext(
    { ...services, limiters: { ...services.limiters, publicRead: null } },
    {
      ip: request.ip,
      headers: adminKey ? { authorization: `Bearer ${adminKey}` } : {},
      cookies: commentCookie ? { [COMMENT_SESSION_COOKIE]: commentCookie } : {},
    },
  );
}

function renderPage(renderer: Renderer, render: PageRender): Promise<RenderOutcome> {
  return renderer.slots.run(() => renderNow(renderer.options, render));
}

async function renderNow(options: PageRendererOptions, render: PageRender): Promise<RenderOutcome> {
  const { services, cache, log } = options;
  const { origin, location, announcementDismissed, formOutcome } = render;
  const generation = services.cache.generation;
  const [entry, assets] = await Promise.all([options.loadEntry(), options.assets()]);
  const context = renderContext(options, render);
  const scriptNonce = newScriptNonce();
  const result = await entry.render({
    url: `${origin}${location}`,
    scriptNonce,
    announcementDismissed,
    formOutcome,
    assets,
    trpcLink: unstable_localLink({
      router: appRouter,
      createContext: async () => context,
      transformer: superjson,
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error({ err: error, procedure: path }, 'procedure failed during render');
      },
    }),
  });
  if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
  const own = rendererScripts(result.html, scriptNonce);
  const page: RenderedPage = {
    status: result.status,
    body: CachedBody.fromText(own.html),
    kept: false,
    scriptSources: own.scriptSources,
  };
  if (cache && result.cacheable && isKeptAlike(render))
    page.kept = cache.set(cacheKey(origin, location, announcementDismissed), page, generation);
  return page;
}

/** The page to send: rendered for this request when it is for one visitor, else kept, shared or rendered once. */
function pageFor(renderer: Renderer, render: Omit<PageRender, 'adminKey'>) {
  const { cache } = renderer.options;
  const { request, origin, location, announcementDismissed, formOutcome } = render;
  if (formOutcome || isFormResult(location) || isForOneReader(location) || render.commentCookie)
    return renderPage(renderer, render);
  // A preview is the admin's alone: rendered for each request, never kept or shared.
  if (isBlogPreviewPath(location))
    return renderPage(renderer, { ...render, formOutcome: undefined, adminKey: previewKeyOf(request.cookies) });
  const key = cacheKey(origin, location, announcementDismissed);
  const cached = cache?.get(key);
  if (cached) return cached;
  const pending = renderer.inFlight.get(key);
  if (pending) return pending;
  const started = renderPage(renderer, { request, origin, location, announcementDismissed }).finally(() => {
    if (renderer.inFlight.get(key) === started) renderer.inFlight.delete(key);
  });
  if (cache) renderer.inFlight.set(key, started);
  return started;
}

/**
 * The answer before any rendering: a file's 404, a '//' path's redirect, or the read limit's 429; else null.
 * (Wrapped: a reply is thenable, so an async function returning it bare would resolve to what it resolves to.)
 */
async function answerAtTheDoor(
  { services, noticePageStyles }: PageRendererOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ answered: FastifyReply } | null> {
  const path = request.url.split('?')[0] ?? '/';
  if (FILE_PATH.test(path)) {
    const answered = reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache');
    return { answered: answered.send('Not found') };
  }
  // '//host/…' would read as another origin: send it to the same path with one slash.
  if (path.startsWith('//')) return { answered: reply.redirect(`/${path.replace(/^\/+/, '')}`, 301) };
  // The read limit and its notice page, as every server-rendered page group has them (page-limit.ts).
  if (await refusedOverPageLimit(services.limiters.publicRead, request, reply, noticePageStyles))
    return { answered: reply };
  return null;
}

/** Sends a rendered page with its CSP, caching headers and ETag (a 304 when the reader has it). */
function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  how: { status: number; forOneVisitor: boolean; noindex: boolean },
): FastifyReply | Promise<FastifyReply> {
  const baseCsp = reply.getHeader('content-security-policy');
  if (typeof baseCsp === 'string') reply.header('content-security-policy', contentSecurityPolicy(page, baseCsp));
  // A kept page is sent in the compressed forms the cache keeps; any other page, rendered for
  // this request, is compressed by the compress plugin, which adds Accept-Encoding to Vary itself.
  const send = () => (page.kept ? page.body.send(request, reply) : reply.send(page.body.bytes));
  reply
    .status(how.status)
    .type('text/html; charset=utf-8')
    .header('vary', page.kept ? 'Accept-Encoding, Cookie' : 'Cookie');
  if (how.noindex) reply.header('x-robots-tag', 'noindex');
  if (how.forOneVisitor) {
    reply.header('cache-control', 'no-store');
    return send();
  }
  reply.header('cache-control', 'no-cache').header('etag', page.body.etag);
  if (page.status === 200 && ifNoneMatchMatches(request.headers['if-none-match'], page.body.etag))
    return reply.status(304).send();
  return send();
}

/** Serves the requested page, or with `formResult` the page of a refused form post. */
async function servePage(
  renderer: Renderer,
  request: FastifyRequest,
  reply: FastifyReply,
  formResult?: FormResultRender,
): Promise<FastifyReply> {
  const { services, log } = renderer.options;
  const refused = await answerAtTheDoor(renderer.options, request, reply);
  if (refused) return refused.answered;
  const origin = siteOrigin(services.publicOrigin, request);
  const category = formResult ? undefined : await blogCategoryLocation(services, pageLocation(request.url));
  if (category?.moved) return reply.redirect(category.location, 301);
  const location = formResult?.location ?? category!.location;
  const announcementDismissed = isAnnouncementDismissed(request.cookies);
  const preview = isBlogPreviewPath(location);
  const commentCookie = commentCookieFor(request, location);
  const forOneVisitor = formResult !== undefined || isFormResult(location) || preview || commentCookie !== null;

  let page: RenderOutcome;
  try {
    page = await pageFor(renderer, {
      request,
      origin,
      location,
      announcementDismissed,
      formOutcome: formResult?.outcome,
      commentCookie,
    });
  } catch (error) {
    if (error instanceof Error) renderer.options.fixStack?.(error);
    log.error({ err: error, url: loggedUrl(request.url) }, 'page render failed');
    return reply.status(500).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(ERROR_PAGE);
  }
  if ('redirect' in page) return reply.redirect(page.redirect, page.status);
  services.analytics.pageRequest(request, formResult?.status ?? page.status);
  const status = formResult?.status ?? page.status;
  return sendPage(request, reply, page, { status, forOneVisitor, noindex: preview || isForOneReader(location) });
}

/**
 * Serves public pages from the server renderer: renders each URL once, keeps the HTML (and its
 * compressed forms) until the next content write, and sends it with a CSP that allows exactly
 * its own inline scripts, by hash: a cached page is the same bytes for every reader, so a
 * per-response nonce would not fit; the render's random marker only picks the scripts to hash.
 */
export function createPageRenderer(options: PageRendererOptions) {
  const slots = new RenderSlots(RENDER_SLOTS[databaseEngine(options.services.db)]);
  const renderer: Renderer = { options, inFlight: new Map(), slots };
  if (options.cache) options.services.cache.onClear(() => renderer.inFlight.clear());
  return (request: FastifyRequest, reply: FastifyReply, formResult?: FormResultRender) =>
    servePage(renderer, request, reply, formResult);
}
