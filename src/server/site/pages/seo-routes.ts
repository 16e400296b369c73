import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { blogCategoryLabel } from '../../../domain/blog.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import type { ResponsiveImageData } from '../../../domain/images.js';
import { BLOG_FEED_PATH, blogPostPath, blogTagPath, excerptPath } from '../../../domain/content-links.js';
import { renderContentHtml } from '../../content/rendering/render-content.js';
import { loadResponsiveImages } from '../../content/images/responsive-images.js';
import { publishedCards } from '../../content/blog/published-posts.js';
import { CachedBody } from '../cache/cached-body.js';
import { feedFilterOf } from './feed-filter.js';
import { ifNoneMatchMatches } from '../http/conditional-get.js';
import { createCaller } from '../../trpc/app-router.js';
import { siteOrigin } from '../http/site-origin.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';

const SITE_TITLE = 'The Cinderwake Cycle';
const SITE_AUTHOR = 'Delphine Rook';
/** Robots, sitemap and feed kept per origin (three per origin the site answers on). */
const SEO_DOCUMENT_ENTRIES = 50;

/** The public routes without parameters, in the order the navigation lists them. */
export const STATIC_PAGE_PATHS = [
  '/',
  '/books',
  '/excerpts',
  '/art-music',
  '/blog',
  '/about',
  '/contact',
  '/preorder',
] as const;

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

type SitemapInput = {
  books: ReadonlyArray<{ slug: string }>;
  excerpts: ReadonlyArray<{ slug: string }>;
  posts: ReadonlyArray<{ slug: string; publishedAt: Date; tags?: ReadonlyArray<{ slug: string }> }>;
};

/** Each tag of the published posts once, with its newest post's date (its page's last change). */
function tagPages(posts: SitemapInput['posts']): Array<{ loc: string; lastmod: Date }> {
  const newest = new Map<string, Date>();
  for (const post of posts)
    for (const tag of post.tags ?? []) {
      const seen = newest.get(tag.slug);
      if (!seen || post.publishedAt > seen) newest.set(tag.slug, post.publishedAt);
    }
  return [...newest].map(([slug, lastmod]) => ({ loc: blogTagPath(slug), lastmod }));
}

export function sitemapXml(origin: string, { books, excerpts, posts }: SitemapInput): string {
  const newestPost = posts.reduce<Date | null>(
    (newest, post) => (!newest || post.publishedAt > newest ? post.publishedAt : newest),
    null,
  );
  const entries: Array<{ loc: string; lastmod?: Date }> = [
    ...STATIC_PAGE_PATHS.map((path) => ({
      loc: `${origin}${path}`,
      ...(path === '/blog' && newestPost ? { lastmod: newestPost } : {}),
    })),
    ...books.map((book) => ({ loc: `${origin}/books/${encodeURIComponent(book.slug)}` })),
    ...excerpts.map((excerpt) => ({ loc: `${origin}${excerptPath(excerpt)}` })),
    ...posts.map((post) => ({ loc: `${origin}${blogPostPath(post)}`, lastmod: post.publishedAt })),
    ...tagPages(posts).map(({ loc, lastmod }) => ({ loc: `${origin}${loc}`, lastmod })),
  ];
  const urls = entries.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  const urlset = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${urlset}\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${origin}/sitemap.xml\n`;
}

type FeedPost = {
  slug: string;
  title: string;
  summary: string;
  category: string;
  /** The category's name (the author's); without it a default category's, or the slug. */
  categoryLabel?: string;
  publishedAt: Date;
  content: string;
  contentFormat: ContentFormat;
};

/** A feed of one category's or one tag's posts: its name, its list's page and its own address (site-relative). */
type FeedChannel = { label: string; listPath: string; feedPath: string };

/**
 * RSS 2.0 of the blog (or of one category or tag, `channel`), newest first: each item's summary as its description
 * and the whole post, rendered with absolute links and images, as its content:encoded.
 */
export function rssXml(
  origin: string,
  posts: readonly FeedPost[],
  images: ReadonlyMap<string, ResponsiveImageData> = new Map(),
  channel?: FeedChannel,
): string {
  const sorted = [...posts].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  const items = sorted.map((post) => {
    const link = `${origin}${blogPostPath(post)}`;
    const html = renderContentHtml(post.content, post.contentFormat, {
      siteOrigin: origin,
      absoluteUrls: true,
      images,
    });
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>`,
      `      <category>${escapeXml(post.categoryLabel ?? blogCategoryLabel(post.category))}</category>`,
      `      <description>${escapeXml(post.summary)}</description>`,
      `      <content:encoded>${escapeXml(html)}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });
  const lastBuild = sorted[0]?.publishedAt ?? new Date(0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(`${SITE_TITLE} — Blog & News${channel ? `: ${channel.label}` : ''}`)}</title>`,
    `    <link>${escapeXml(`${origin}${channel?.listPath ?? '/blog'}`)}</link>`,
    `    <atom:link href="${escapeXml(`${origin}${channel?.feedPath ?? BLOG_FEED_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(`Announcements, behind-the-scenes notes and soundtracks from ${SITE_AUTHOR}.`)}</description>`,
    '    <language>en</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/**
 * GET /sitemap.xml, /robots.txt and /blog/rss.xml, built from the cached public lists and kept
 * per origin in the public cache until the next content write.
 */
export function registerSeoRoutes(app: FastifyInstance, services: AppServices): void {
  const documents = services.cache.shelf<CachedBody>(SEO_DOCUMENT_ENTRIES);

  const originOf = (request: FastifyRequest) => siteOrigin(services.publicOrigin, request);

  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: string,
    type: string,
    build: (origin: string) => Promise<string> | string,
  ) {
    const origin = originOf(request);
    const key = `${kind} ${origin}`;
    let document = documents.get(key);
    if (!document) {
      const generation = services.cache.generation;
      document = CachedBody.fromText(await build(origin));
      documents.set(key, document, generation);
    }
    reply
      .type(type)
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding')
      .header('etag', document.etag);
    if (ifNoneMatchMatches(request.headers['if-none-match'], document.etag)) return reply.status(304).send();
    return document.send(request, reply);
  }

  const callerFor = (request: FastifyRequest) =>
    createCaller(createRequestContext(services, { ip: request.ip, headers: {} }));

  app.get('/robots.txt', (request, reply) => serve(request, reply, 'robots', 'text/plain; charset=utf-8', robotsTxt));

  app.get('/sitemap.xml', (request, reply) =>
    serve(request, reply, 'sitemap', 'application/xml; charset=utf-8', async (origin) => {
      const caller = callerFor(request);
      const [books, excerpts, posts] = await Promise.all([
        caller.books.list(),
        caller.excerpts.cards(),
        // Every published post's card (its address and date, not its text): the sitemap lists them all.
        publishedCards(services),
      ]);
      return sitemapXml(origin, { books, excerpts, posts });
    }),
  );

  // The whole blog's feed, or (?category=<slug>, ?tag=<slug>) one category's or one tag's: a renamed category's old
  // slug answers 301 to its new feed, a category or tag the site's published posts do not have 404 (so made-up
  // names never fill the cache).
  app.get<{ Querystring: Record<string, unknown> }>(BLOG_FEED_PATH, async (request, reply) => {
    const filter = await feedFilterOf(services, request.query);
    if (filter.kind === 'moved') return reply.redirect(filter.location, 301);
    if (filter.kind === 'none')
      return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send('Not found');
    const { category, tag, channel } = filter;
    return serve(
      request,
      reply,
      `rss ${channel?.feedPath ?? ''}`,
      'application/rss+xml; charset=utf-8',
      async (origin) =>
        rssXml(
          origin,
          await callerFor(request).blog.list({ ...(category ? { category } : {}), ...(tag ? { tag } : {}) }),
          await loadResponsiveImages(services.db),
          channel,
        ),
    );
  });
}
