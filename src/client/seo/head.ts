import {
  absoluteUrl,
  DEFAULT_SOCIAL_IMAGE,
  FAVICON_PATH,
  fullTitle,
  RSS_PATH,
  SITE_DESCRIPTION,
  SITE_LOCALE,
  SITE_NAME,
  THEME_COLOR,
} from './site.js';
import type { SocialImage } from './social-image.js';

export type JsonLd = Record<string, unknown>;

/**
 * Everything the head of one page says about it. Built by the route loader (so it is part of
 * the dehydrated router state and the client renders exactly the same tags), with absolute URLs.
 */
export type PageSeo = {
  /** The <title>, complete ("Books | The Cinderwake Cycle"). */
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  image: { url: string; alt: string; width?: number; height?: number; type?: string };
  type: 'website' | 'article' | 'book' | 'profile';
  /** ISO date of an article. */
  publishedTime?: string;
  jsonLd?: JsonLd;
  /** Not-found screens and the admin area stay out of search results. */
  noindex?: boolean;
  /** Open Graph's site name: the site title of Settings → Site (see withSiteIdentity). */
  siteName?: string;
};

export type HeadMeta = Record<string, unknown>;
export type HeadLink = Record<string, string>;

export type PageSeoInput = {
  origin: string;
  /** The page's own title, without the site name. */
  title: string;
  description: string;
  /** The canonical path ('/books'). */
  path: string;
  /** An image path or absolute URL (with its size when known); the shared social card when absent. */
  image?: SocialImage | null;
  type?: PageSeo['type'];
  publishedTime?: string;
  jsonLd?: JsonLd;
  noindex?: boolean;
};

export function pageSeo(input: PageSeoInput): PageSeo {
  const image = input.image
    ? {
        url: absoluteUrl(input.origin, input.image.src),
        alt: input.image.alt,
        ...(input.image.width && input.image.height ? { width: input.image.width, height: input.image.height } : {}),
        ...(input.image.type ? { type: input.image.type } : {}),
      }
    : {
        url: absoluteUrl(input.origin, DEFAULT_SOCIAL_IMAGE.path),
        alt: DEFAULT_SOCIAL_IMAGE.alt,
        width: DEFAULT_SOCIAL_IMAGE.width,
        height: DEFAULT_SOCIAL_IMAGE.height,
      };
  return {
    title: fullTitle(input.title),
    description: input.description,
    url: absoluteUrl(input.origin, input.path),
    image,
    type: input.type ?? 'website',
    ...(input.publishedTime ? { publishedTime: input.publishedTime } : {}),
    ...(input.jsonLd ? { jsonLd: input.jsonLd } : {}),
    ...(input.noindex ? { noindex: true } : {}),
  };
}

/**
 * Zod (the shared validation schemas) probes for `new Function` when it builds an object schema;
 * the CSP forbids eval, so the probe would be reported as a violation. Zod reads this global
 * config before any schema exists, so it is set by an inline script ahead of the modules.
 */
const ZOD_JITLESS_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true}';

/** The tags every page has: charset, viewport, colours, icon, RSS feed. */
export function baseHead(): { meta: HeadMeta[]; links: HeadLink[]; scripts: Array<{ children: string }> } {
  return {
    scripts: [{ children: ZOD_JITLESS_SCRIPT }],
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'color-scheme', content: 'dark' },
      { name: 'theme-color', content: THEME_COLOR },
      { title: SITE_NAME },
      { name: 'description', content: SITE_DESCRIPTION },
    ],
    links: [
      { rel: 'icon', href: FAVICON_PATH, type: 'image/svg+xml' },
      { rel: 'alternate', type: 'application/rss+xml', title: `${SITE_NAME} blog`, href: RSS_PATH },
    ],
  };
}

/** Title, description, canonical URL, Open Graph, Twitter card and JSON-LD of one page. */
export function headFor(seo: PageSeo | undefined): { meta: HeadMeta[]; links: HeadLink[] } {
  if (!seo) return { meta: [], links: [] };
  const { image } = seo;
  const meta: HeadMeta[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    ...(seo.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: seo.siteName ?? SITE_NAME },
    { property: 'og:locale', content: SITE_LOCALE },
    { property: 'og:type', content: seo.type },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.url },
    { property: 'og:image', content: image.url },
    { property: 'og:image:alt', content: image.alt },
    ...(image.type ? [{ property: 'og:image:type', content: image.type }] : []),
    ...(image.width && image.height
      ? [
          { property: 'og:image:width', content: String(image.width) },
          { property: 'og:image:height', content: String(image.height) },
        ]
      : []),
    ...(seo.publishedTime ? [{ property: 'article:published_time', content: seo.publishedTime }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image.url },
    { name: 'twitter:image:alt', content: image.alt },
    ...(seo.jsonLd ? [{ 'script:ld+json': seo.jsonLd }] : []),
  ];
  // A page that is not indexed has no canonical URL.
  return { meta, links: seo.noindex ? [] : [{ rel: 'canonical', href: seo.url }] };
}
