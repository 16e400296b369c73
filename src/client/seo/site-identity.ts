import type { PageSeo } from './head.js';
import { PAGE_META } from '../content/page-meta.js';
import { SITE_NAME } from './site.js';

export type SiteIdentity = { title: string; description: string };

const HOME_TITLES = new Set([SITE_NAME, PAGE_META['/']?.title]);

/**
 * A page's head with the site's own title and description (Settings → Site): "Books | <site title>", the home
 * page titled and described by them, Open Graph's site name. The page builders write the built-in name, which
 * this replaces, so each builder stays as it is.
 */
export function withSiteIdentity(seo: PageSeo, site: SiteIdentity | undefined): PageSeo {
  if (!site) return seo;
  const suffix = ` | ${SITE_NAME}`;
  const title = HOME_TITLES.has(seo.title)
    ? site.title
    : seo.title.endsWith(suffix)
      ? `${seo.title.slice(0, -suffix.length)} | ${site.title}`
      : seo.title;
  const home = new URL(seo.url).pathname === '/';
  const description = home && site.description ? site.description : seo.description;
  const jsonLd =
    home && seo.jsonLd?.['@type'] === 'WebSite' ? { ...seo.jsonLd, name: site.title, description } : seo.jsonLd;
  return { ...seo, title, description, siteName: site.title, ...(jsonLd ? { jsonLd } : {}) };
}
